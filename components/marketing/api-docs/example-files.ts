import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";

// The runnable examples in examples/ (CI runs each against the built app and checks what it prints), read when the
// page is prerendered so the page shows exactly the code that was run.

export type CodeLanguage = "javascript" | "python" | "php";
export type ExampleFlow = "scrape" | "markdown" | "license" | "monitor" | "crawl";

/** The default host written in the files; the page shows the origin serving it instead. */
export const EXAMPLE_DEFAULT_ORIGIN = "http://localhost:3000";

const FILES: Record<CodeLanguage, { dir: string; extension: string }> = {
  javascript: { dir: "js", extension: "mjs" },
  python: { dir: "python", extension: "py" },
  php: { dir: "php", extension: "php" },
};

export const EXAMPLE_FLOWS: Record<ExampleFlow, string> = {
  scrape: "Register, create an API key, run a scraper, read the items",
  markdown: "Any page as Markdown: the Web Page scraper, and formats beside the items",
  license: "Create a license, then verify its key",
  monitor: "Watch a page: create a monitor, check it now, read its checks",
  crawl: "Crawl a site: map its URLs, crawl it, read its pages",
};

export type ExampleSources = Record<CodeLanguage, Record<ExampleFlow, { file: string; code: string }>>;

export function readExamples(root = process.cwd()): ExampleSources {
  const read = (language: CodeLanguage) => {
    const { dir, extension } = FILES[language];
    const source = (flow: ExampleFlow) => {
      const file = `examples/${dir}/${flow}.${extension}`;
      return { file, code: readFileSync(path.join(root, file), "utf8").trimEnd() };
    };
    return {
      scrape: source("scrape"),
      markdown: source("markdown"),
      license: source("license"),
      monitor: source("monitor"),
      crawl: source("crawl"),
    };
  };
  return { javascript: read("javascript"), python: read("python"), php: read("php") };
}
