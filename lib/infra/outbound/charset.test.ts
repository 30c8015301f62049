import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { decodeHtml } from "./charset";

const page = (head: string, body = "Crème brûlée – 5 €") => `<html><head>${head}</head><body>${body}</body></html>`;

describe("decodeHtml", () => {
  it("uses the Content-Type charset", () => {
    const bytes = iconv.encode(page(""), "windows-1252");
    expect(decodeHtml(bytes, "text/html; charset=windows-1252")).toEqual({ text: page(""), charset: "windows-1252" });
  });

  it("reads ISO-8859-1 and ASCII labels as windows-1252, like browsers", () => {
    const bytes = iconv.encode(page(""), "windows-1252");
    expect(decodeHtml(bytes, "text/html; charset=iso-8859-1").text).toContain("– 5 €");
  });

  it("falls back to a <meta charset> or http-equiv declaration", () => {
    const html = page('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-15">', "Prix : 5 €");
    expect(decodeHtml(iconv.encode(html, "iso-8859-15"), "text/html")).toEqual({ text: html, charset: "iso-8859-15" });
    const sjis = page('<meta charset="shift_jis">', "東京のラーメン");
    expect(decodeHtml(iconv.encode(sjis, "shift_jis")).text).toBe(sjis);
  });

  it("lets a byte order mark win and strips it", () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(page(""), "utf8")]);
    expect(decodeHtml(bytes, "text/html; charset=windows-1252")).toEqual({ text: page(""), charset: "utf-8" });
  });

  it("guesses UTF-8 when valid, else windows-1252", () => {
    expect(decodeHtml(Buffer.from(page(""), "utf8")).charset).toBe("utf-8");
    const legacy = decodeHtml(iconv.encode(page(""), "windows-1252"));
    expect(legacy).toEqual({ text: page(""), charset: "windows-1252" });
  });

  it("ignores unknown labels and a <meta> that claims UTF-16", () => {
    expect(decodeHtml(Buffer.from(page(""), "utf8"), "text/html; charset=x-unknown").charset).toBe("utf-8");
    expect(decodeHtml(Buffer.from(page('<meta charset="utf-16">'), "utf8")).charset).toBe("utf-8");
  });
});

describe("decodeHtml: pages saved as UTF-8 with their old declaration", () => {
  it("reads valid multi-byte UTF-8 as UTF-8 even when a <meta> names a legacy charset", () => {
    const html = page('<meta charset="windows-1251">', "Интересные наблюдения");
    expect(decodeHtml(Buffer.from(html, "utf8"))).toEqual({ text: html, charset: "utf-8" });
  });

  it("keeps the <meta> charset for real legacy bytes", () => {
    const html = page('<meta charset="windows-1251">', "Интересные наблюдения");
    expect(decodeHtml(iconv.encode(html, "windows-1251"))).toEqual({ text: html, charset: "windows-1251" });
  });
});
