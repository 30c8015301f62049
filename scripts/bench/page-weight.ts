// npm run bench:page-weight — what a public page costs a phone before any script runs: the HTML's bytes, the inline
// RSC payload (the self.__next_f.push scripts React reads to hydrate, shipped in the HTML next to the markup it
// duplicates) and the number of elements, for each page of a running server.
// PAGE_WEIGHT_URL: the server (default http://127.0.0.1:3000); PAGE_WEIGHT_PAGES: comma-separated paths (default
// the public pages). Figures are the server's answer as sent, before compression, and gzip (level 9) beside it.
import { gzipSync } from "node:zlib";
import { Parser } from "htmlparser2";

const base = process.env.PAGE_WEIGHT_URL ?? "http://127.0.0.1:3000";
const pages = (process.env.PAGE_WEIGHT_PAGES ?? "/,/about,/api-docs,/contact,/scrapers/1,/login,/register")
  .split(",")
  .map((page) => page.trim())
  .filter(Boolean);

interface Weight {
  html: number;
  htmlGzip: number;
  rsc: number;
  rscGzip: number;
  rscScripts: number;
  elements: number;
  bodyElements: number;
}

function weigh(html: string): Weight {
  let elements = 0;
  let bodyElements = 0;
  let inBody = false;
  let inScript = false;
  let script = "";
  const rscParts: string[] = [];
  const parser = new Parser({
    onopentag(name) {
      elements++;
      if (name === "body") inBody = true;
      else if (inBody) bodyElements++;
      if (name === "script") {
        inScript = true;
        script = "";
      }
    },
    ontext(text) {
      if (inScript) script += text;
    },
    onclosetag(name) {
      if (name !== "script") return;
      inScript = false;
      if (script.includes("self.__next_f.push")) rscParts.push(script);
    },
  });
  parser.write(html);
  parser.end();
  const rsc = rscParts.join("");
  return {
    html: Buffer.byteLength(html),
    htmlGzip: gzipSync(html, { level: 9 }).length,
    rsc: Buffer.byteLength(rsc),
    rscGzip: gzipSync(rsc, { level: 9 }).length,
    rscScripts: rscParts.length,
    elements,
    bodyElements,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`Page weight, ${base} (raw bytes, gzip level 9 in parentheses)`);
console.log("page            HTML                    RSC payload (scripts)          elements (in body)");
for (const page of pages) {
  const response = await fetch(new URL(page, base));
  if (!response.ok) throw new Error(`${page}: HTTP ${response.status}`);
  const weight = weigh(await response.text());
  console.log(
    `${page.padEnd(15)} ${`${kb(weight.html)} (${kb(weight.htmlGzip)})`.padEnd(23)} ${`${kb(weight.rsc)} (${kb(
      weight.rscGzip,
    )}) ×${weight.rscScripts}`.padEnd(30)} ${weight.elements} (${weight.bodyElements})`,
  );
}
