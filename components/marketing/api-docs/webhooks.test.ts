import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { signPayload } from "@/lib/webhooks/signature";
import { deliveryHeaders } from "@/lib/webhooks/standard";
import { retryScheduleText, VERIFY_SIGNATURE_SAMPLE, VERIFY_STANDARD_WEBHOOK_SAMPLE } from "./webhooks";

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

  it("verify a delivery's Standard Webhooks headers with the official library, and refuse a changed body or secret", async () => {
    // Inside the repository, so that the snippet's import of standardwebhooks resolves as it does in a reader's project.
    const cache = path.join(process.cwd(), "node_modules", ".cache");
    mkdirSync(cache, { recursive: true });
    const file = path.join(mkdtempSync(path.join(cache, "scrapedeck-snippet-")), "verify-standard.mjs");
    writeFileSync(file, `${VERIFY_STANDARD_WEBHOOK_SAMPLE}\nexport { verifyStandardWebhook };\n`);
    const { verifyStandardWebhook } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      verifyStandardWebhook: (secret: string, rawBody: string, headers: Record<string, string>) => unknown;
    };
    const secret = `whsec_${"ab12".repeat(16)}`;
    const body = JSON.stringify({ id: "evt_1", type: "run.succeeded", data: { id: 7 } });
    const headers = deliveryHeaders([secret], "evt_1", body, Math.floor(Date.now() / 1000));
    expect(verifyStandardWebhook(secret, body, headers)).toEqual(JSON.parse(body));
    expect(() => verifyStandardWebhook(secret, `${body} `, headers)).toThrow();
    expect(() => verifyStandardWebhook(`whsec_${"cd34".repeat(16)}`, body, headers)).toThrow();
  });

  it("are the README's snippet too, so the tested copy is the one readers see there", () => {
    expect(readFileSync(path.join(process.cwd(), "README.md"), "utf8")).toContain(VERIFY_SIGNATURE_SAMPLE);
  });

  it("state the retry schedule the sender uses", () => {
    expect(retryScheduleText()).toBe("7 more times, 1, 2, 4, 8, 16, 32 and 64 minutes apart");
  });
});
