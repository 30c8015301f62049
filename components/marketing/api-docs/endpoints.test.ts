import { describe, expect, it } from "vitest";
import { ANSWERED_OPERATIONS } from "@/lib/api/registry";
import { highlight } from "@/lib/code/highlight";
import { REFERENCE_TABS, SERVICE_ENDPOINTS, VERIFY_LICENSE } from "./endpoints";
import { EXAMPLE_DEFAULT_ORIGIN, readExamples } from "./example-files";

describe("the /api-docs reference", () => {
  const shown = [...REFERENCE_TABS.flatMap((tab) => tab.endpoints), ...VERIFY_LICENSE, ...SERVICE_ENDPOINTS];

  it("shows every operation of the registry once", () => {
    const names = shown.map((endpoint) => `${endpoint.method} ${endpoint.path.split("?")[0]}`);
    expect(names.toSorted()).toEqual(ANSWERED_OPERATIONS.map((op) => `${op.method} ${op.path}`).toSorted());
  });

  it("shows every status each operation answers, with the registry's example", () => {
    for (const op of ANSWERED_OPERATIONS) {
      const endpoint = shown.find((doc) => doc.method === op.method && doc.path.split("?")[0] === op.path);
      const answers = [op.success, ...(op.alsoSuccess ?? [])];
      expect(endpoint?.responses.map((response) => response.status)).toEqual(answers.map((answer) => answer.status));
      for (const [index, answer] of answers.entries()) {
        const example = endpoint?.responses[index]?.example;
        if ("example" in answer) expect(JSON.parse(example ?? "null")).toEqual(answer.example);
        else expect(example).toBeUndefined();
      }
    }
    // The answers the issues name: an async or still-going run, a batch, a crawl and a monitor's run now answer 202.
    const accepted = shown.filter((doc) => doc.responses.some((response) => response.status === 202));
    expect(accepted.map((doc) => `${doc.method} ${doc.path}`).toSorted()).toEqual([
      "POST /api/crawls",
      "POST /api/monitors/{id}/run",
      "POST /api/scrapers/{id}/batch",
      "POST /api/scrapers/{id}/run",
    ]);
  });

  it("keeps the tabs of the spec in order, then Licenses, Runs & Webhooks, Monitors and Crawls", () => {
    expect(REFERENCE_TABS.map((tab) => tab.label)).toEqual([
      "Scrapers",
      "Authentication",
      "API Keys",
      "Search",
      "Licenses",
      "Runs & Webhooks",
      "Monitors",
      "Crawls",
    ]);
  });

  it("answers DELETE /api/keys/{id} with what the route answers, and license keys in the issued format", () => {
    const deleteKey = shown.find((endpoint) => endpoint.method === "DELETE" && endpoint.path === "/api/keys/{id}");
    expect(JSON.parse(deleteKey?.responses[0]?.example ?? "null")).toEqual({ id: 7, deleted: true });
    const verify = VERIFY_LICENSE.find((endpoint) => endpoint.method === "POST");
    expect(JSON.parse(verify?.body ?? "{}").license_key).toMatch(/^SDECK(-[0-9A-F]{4}){8}$/);
  });

  it("reads the example files CI runs, for every language and flow", () => {
    const examples = readExamples();
    for (const flows of Object.values(examples)) {
      expect(flows.scrape.code).toContain("/api/keys");
      expect(flows.markdown.code).toContain("Web Page");
      expect(flows.license.code).toContain("/api/verify-license");
      expect(flows.monitor.code).toContain("/api/monitors");
      expect(flows.crawl.code).toContain("/api/map");
      expect(flows.crawl.code).toContain("/api/crawls");
    }
  });

  it("keeps each mention of the files' default host in one highlighted token, where the page's origin replaces it", () => {
    // use-origin.ts (useOriginInCode) swaps it text node by text node, in the markup the server highlighted.
    const examples = readExamples();
    for (const language of ["javascript", "python", "php"] as const) {
      for (const { code } of Object.values(examples[language])) {
        const mentions = code.split(EXAMPLE_DEFAULT_ORIGIN).length - 1;
        const whole = highlight(code, language).reduce(
          (sum, token) => sum + token.text.split(EXAMPLE_DEFAULT_ORIGIN).length - 1,
          0,
        );
        expect(mentions).toBeGreaterThan(0);
        expect(whole).toBe(mentions);
      }
    }
  });
});
