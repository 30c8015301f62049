import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CookieBanner } from "./cookie-banner";
import { COOKIE_BANNER_ID, COOKIE_CHOICE_ATTRIBUTE, COOKIE_CONSENT_KEY, cookieChoiceScript } from "./cookie-choice";

describe("the cookie banner", () => {
  it("is in the server HTML, its buttons marked inert until hydration", () => {
    const html = renderToString(createElement(CookieBanner));
    expect(html).toContain(`id="${COOKIE_BANNER_ID}"`);
    expect(html).toContain('aria-label="Cookie consent"');
    expect(html.match(/aria-disabled="true"/g)).toHaveLength(2);
  });

  it("is hidden before the first paint by the head script when a choice is stored, and only then", () => {
    for (const [stored, marked] of [
      ["true", true],
      ["false", true],
      [null, false],
      ["maybe", false],
    ] as const) {
      const attributes = new Map<string, string>();
      const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
      const localStorage = { getItem: (key: string) => (key === COOKIE_CONSENT_KEY ? stored : null) };
      new Function("document", "localStorage", cookieChoiceScript)(document, localStorage);
      expect(attributes.has(COOKIE_CHOICE_ATTRIBUTE), String(stored)).toBe(marked);
    }
    // The stylesheet names the same attribute and id.
    const css = readFileSync(path.resolve(import.meta.dirname, "../../app/globals.css"), "utf8");
    expect(css).toMatch(new RegExp(`html\\[${COOKIE_CHOICE_ATTRIBUTE}\\] #${COOKIE_BANNER_ID} \\{\\s*display: none;`));
    // Storage that throws (privacy modes) leaves the banner showing and breaks nothing.
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => new Function("document", "localStorage", cookieChoiceScript)({}, throwing)).not.toThrow();
  });
});
