import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { signPayload } from "@/lib/webhooks/signature";
import { retryScheduleText, VERIFY_SIGNATURE_SAMPLE } from "./webhooks";

type Verify = (secret: string, rawBody: string, header: string) => boolean;

/** The snippet as a reader would paste it into an ES module of their own. */
async function loadSnippet(): Promise<Verify> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "scrapedeck-snippet-")), "verify.mjs");
  writeFileSync(file, `${VERIFY_SIGNATURE_SAMPLE}\nexport { verifyScrapeDeckSignature };\n`);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyScrapeDeckSignature: Verify })
    .verifyScrapeDeckSignature;
}

describe("the /api-docs webhook snippets", () => {
  it("verify a signature made the way deliveries are signed, and refuse a changed body, secret or old timestamp", async () => {
    const verify = await loadSnippet();
    const body = JSON.stringify({ id: "evt_1", type: "run.succeeded", data: { id: 7 } });
    const now = Math.floor(Date.now() / 1000);
    expect(verify("whsec_a", body, signPayload("whsec_a", body, now))).toBe(true);
    expect(verify("whsec_a", `${body} `, signPayload("whsec_a", body, now))).toBe(false);
    expect(verify("whsec_b", body, signPayload("whsec_a", body, now))).toBe(false);
    expect(verify("whsec_a", body, signPayload("whsec_a", body, now - 3600))).toBe(false);
    expect(verify("whsec_a", body, "v1=00")).toBe(false);
  });

  it("are the README's snippet too, so the tested copy is the one readers see there", () => {
    expect(readFileSync(path.join(process.cwd(), "README.md"), "utf8")).toContain(VERIFY_SIGNATURE_SAMPLE);
  });

  it("state the retry schedule the sender uses", () => {
    expect(retryScheduleText()).toBe("7 more times, 1, 2, 4, 8, 16, 32 and 64 minutes apart");
  });
});
