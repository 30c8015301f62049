// npm run bench:content -- <corpus-dir> [--rounds=<n>] [--misses=<n>] [--converters] | --hostile
// Main-content Markdown against the corpus's annotated article bodies, beside @mozilla/readability + turndown (the
// usual open-source way to get a page's article as Markdown) run on the same pages in the same process: token F1 of
// the Markdown's text (lib/scrapers/quality/markdown-text.ts, metrics.ts) and pages per second on one core. Each
// page is timed once per round in each pipeline, the order alternating between rounds, and the fastest of its rounds
// counts (the other engineers' processes on a shared machine only ever slow a round down).
// --converters: HTML-to-Markdown converters (turndown + GFM plugin, node-html-markdown, mdream) against ours on the
// same kept content, for the converter choice in docs/decisions.md: F1, speed and a checklist of Markdown features.
// --hostile (no corpus): the bad-input pages of test/support/hostile-pages.ts, parse and formats timed one by one,
// to set beside the extraction deadline (EXTRACTION_TIMEOUT_MS).
import { loadavg } from "node:os";
import { gfm as joplinGfm } from "@joplin/turndown-plugin-gfm";
import { htmlToMarkdown as mdreamToMarkdown } from "@mdream/js";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { NodeHtmlMarkdown } from "node-html-markdown";
import TurndownService from "turndown";
import { gfm } from "turndown-plugin-gfm";
import { decodeHtml } from "@/lib/infra/outbound/charset";
import { computeFormats } from "../lib/scrapers/content/formats";
import { renderCleanHtml } from "../lib/scrapers/content/html";
import { compileContentOptions } from "../lib/scrapers/content/options";
import { renderMarkdown } from "../lib/scrapers/content/render";
import { keptContent } from "../lib/scrapers/content/select";
import { UrlResolver } from "../lib/scrapers/content/urls";
import { webPageItem } from "../lib/scrapers/content/web-page";
import { parsePage } from "../lib/scrapers/extract/page";
import { loadCorpus } from "../lib/scrapers/quality/corpus";
import { markdownText } from "../lib/scrapers/quality/markdown-text";
import { harmonic, type TokenScore, tokenScore } from "../lib/scrapers/quality/metrics";
import { HOSTILE_PAGES } from "../test/support/hostile-pages";

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const [corpus] = args.filter((arg) => !arg.startsWith("--"));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
if (args.includes("--hostile")) {
  hostilePages();
  process.exit(0);
}
if (!corpus) {
  console.error("usage: npm run bench:content -- <corpus-dir> [--rounds=3] [--misses=10] [--converters]");
  process.exit(2);
}
const rounds = Math.max(1, Number(option("rounds") ?? 3));
const missLimit = Number(option("misses") ?? 10);

interface Case {
  name: string;
  html: string;
  url: string;
  body: string;
}

const cases: Case[] = loadCorpus(corpus, ["article"])
  .filter((entry) => typeof entry.expected.articleBody === "string" && (entry.expected.articleBody as string).trim())
  .map((entry) => ({
    name: entry.name,
    html: decodeHtml(entry.html).text,
    url: entry.url,
    body: entry.expected.articleBody as string,
  }));
if (cases.length === 0) {
  console.error(`no article with an annotated body (expected.json articleBody) under ${corpus}`);
  process.exit(2);
}

/** One way of turning a page into its main content as Markdown. */
interface Pipeline {
  name: string;
  run(page: Case): string;
}

const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" });
turndown.use(gfm);

const pipelines: Pipeline[] = [
  {
    name: "ScrapeDeck (parse5 + main content + own Markdown)",
    run: ({ html, url }) => computeFormats({ page: parsePage(html, url), html, formats: ["markdown"] }).markdown ?? "",
  },
  {
    // What a Web Page run's item costs: the same Markdown plus text, links and metadata.
    name: "ScrapeDeck Web Page item (+ text, links, metadata)",
    run: ({ html, url }) => webPageItem(parsePage(html, url), { url, finalUrl: url, statusCode: 200 }).markdown,
  },
  {
    name: "@mozilla/readability (linkedom) + turndown + GFM",
    run: ({ html }) => {
      const { document } = parseHTML(html);
      const article = new Readability(document as unknown as Document).parse();
      return article?.content ? turndown.turndown(article.content) : "";
    },
  },
];

interface Outcome {
  markdown: string;
  score: TokenScore;
  fastestMs: number;
  totalMs: number;
  errors: number;
}

function measure(list: readonly Pipeline[], pages: readonly Case[]): Outcome[][] {
  const outcomes = list.map(() =>
    pages.map(() => ({ markdown: "", score: tokenScore("", "x"), fastestMs: Infinity, totalMs: 0, errors: 0 })),
  );
  // One untimed round first: the first call of each code path compiles it, which is not what a worker pays per page.
  for (const page of pages) {
    for (const pipeline of list) {
      try {
        pipeline.run(page);
      } catch {
        // Counted in the timed rounds.
      }
    }
  }
  for (let round = 0; round < rounds; round++) {
    pages.forEach((page, at) => {
      const order = list.map((_, index) => index);
      if ((round + at) % 2 === 1) order.reverse();
      for (const index of order) {
        const pipeline = list[index] as Pipeline;
        const outcome = outcomes[index]?.[at] as Outcome;
        const started = performance.now();
        let markdown = "";
        try {
          markdown = pipeline.run(page);
        } catch (error) {
          outcome.errors++;
          if (round === 0) console.error(`${pipeline.name} failed on ${page.name}: ${String(error)}`);
        }
        const ms = performance.now() - started;
        outcome.fastestMs = Math.min(outcome.fastestMs, ms);
        outcome.totalMs += ms;
        if (round === 0) {
          outcome.markdown = markdown;
          outcome.score = tokenScore(markdownText(markdown), page.body);
        }
      }
    });
  }
  return outcomes;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const percent = (value: number) => (value * 100).toFixed(1).padStart(5);

function summarise(list: readonly Pipeline[], outcomes: Outcome[][]): void {
  console.log(`\n${"pipeline".padEnd(52)}    F1     P     R  page F1   pages/s (fastest)  pages/s (mean)  errors`);
  console.log("(F1, P, R: means over the pages of the token metric; pages/s on one core, after an untimed round)");
  list.forEach((pipeline, index) => {
    const results = outcomes[index] as Outcome[];
    const precision = mean(results.map((result) => result.score.precision));
    const recall = mean(results.map((result) => result.score.recall));
    const pageF1 = mean(results.map((result) => result.score.f1));
    const fastest = results.length / (results.reduce((sum, result) => sum + result.fastestMs, 0) / 1000);
    const average = (results.length * rounds) / (results.reduce((sum, result) => sum + result.totalMs, 0) / 1000);
    const errors = results.reduce((sum, result) => sum + result.errors, 0);
    console.log(
      `${pipeline.name.padEnd(52)} ${percent(harmonic(precision, recall))} ${percent(precision)} ${percent(recall)}    ${percent(pageF1)}   ${fastest.toFixed(1).padStart(15)}  ${average.toFixed(1).padStart(14)}  ${String(errors).padStart(6)}`,
    );
  });
}

console.log(`${cases.length} annotated article pages from ${corpus}, ${rounds} rounds, load average ${load()}`);

/**
 * Converters side by side on the same input: each page's kept content (main-content detection, once per page) as
 * ours renders it from the parse5 tree, and as the libraries render its cleaned HTML (which they must parse again).
 */
function compareConverters(): void {
  const joplinTurndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" });
  joplinTurndown.use(joplinGfm);
  const nhm = new NodeHtmlMarkdown({ bulletMarker: "-", codeBlockStyle: "fenced" });
  const prepared = cases.map((page) => {
    const parsed = parsePage(page.html, page.url);
    const content = keptContent(parsed, compileContentOptions());
    const urls = new UrlResolver(parsed.url);
    return { ...page, content, urls, cleanHtml: renderCleanHtml(content, urls) };
  });
  type Prepared = (typeof prepared)[number];
  const byName = new Map(prepared.map((page) => [page.name, page]));
  const converters: { name: string; convert(page: Prepared): string }[] = [
    { name: "ours (parse5 tree → Markdown)", convert: (page) => renderMarkdown(page.content, page.urls) },
    { name: "turndown 7 + turndown-plugin-gfm", convert: (page) => turndown.turndown(page.cleanHtml) },
    { name: "turndown 7 + @joplin/turndown-plugin-gfm", convert: (page) => joplinTurndown.turndown(page.cleanHtml) },
    { name: "node-html-markdown 2", convert: (page) => nhm.translate(page.cleanHtml) },
    { name: "mdream (@mdream/js) 1", convert: (page) => mdreamToMarkdown(page.cleanHtml, { origin: page.url }) },
  ];
  const list: Pipeline[] = converters.map((converter) => ({
    name: converter.name,
    run: (page) => converter.convert(byName.get(page.name) as Prepared),
  }));
  summarise(list, measure(list, cases));
  console.log("\n(the libraries' times are their conversion of the cleaned HTML only, not our parse and selection)");
  console.log(`\nMarkdown features (${FEATURES.length} hand-written pages, base https://example.com/docs/):`);
  for (const converter of converters) {
    const results = FEATURES.map((feature) => {
      const parsed = parsePage(feature.html, "https://example.com/docs/page");
      const content = keptContent(parsed, compileContentOptions({ onlyMainContent: false }));
      const urls = new UrlResolver(parsed.url);
      const page = { ...(cases[0] as Case), url: parsed.url, content, urls, cleanHtml: renderCleanHtml(content, urls) };
      const markdown = converter.convert(page);
      return { feature: feature.name, ok: feature.check(markdown), markdown };
    });
    const passed = results.filter((result) => result.ok).length;
    console.log(
      `  ${converter.name.padEnd(36)} ${passed}/${results.length}  missing: ${
        results
          .filter((r) => !r.ok)
          .map((r) => r.feature)
          .join(", ") || "none"
      }`,
    );
  }
}

/** What readable Markdown must get right, each checked on a small page. */
const FEATURES: { name: string; html: string; check(markdown: string): boolean }[] = [
  {
    name: "table with header row",
    html: "<table><tr><th>Name</th><th>Price</th></tr><tr><td>Tea</td><td>3</td></tr></table>",
    check: (md) => /\|\s*Name\s*\|\s*Price\s*\|\n\|\s*-{3,}\s*\|\s*-{3,}\s*\|\n\|\s*Tea\s*\|\s*3\s*\|/.test(md),
  },
  {
    name: "table without <th> (first row as header)",
    html: "<table><tr><td>Name</td><td>Price</td></tr><tr><td>Tea</td><td>3</td></tr></table>",
    check: (md) => /\|\s*Name\s*\|\s*Price\s*\|\n\|\s*-{3,}\s*\|\s*-{3,}\s*\|/.test(md),
  },
  {
    name: "nested list",
    html: "<ul><li>one<ul><li>inner</li></ul></li><li>two</li></ul>",
    check: (md) => /^[-*] +one\n {2,4}[-*] +inner\n[-*] +two$/m.test(md.trim()),
  },
  {
    name: "code block with language",
    html: '<pre><code class="language-python">print("hi")\n</code></pre>',
    check: (md) => /```python\nprint\("hi"\)\n```/.test(md),
  },
  {
    name: "image with absolute URL",
    html: '<p><img src="img/a.png" alt="A cat"></p>',
    check: (md) => md.includes("![A cat](https://example.com/docs/img/a.png)"),
  },
  {
    name: "no data: image",
    html: '<p>x <img src="data:image/png;base64,iVBORw0KGgo=" alt="blob"></p>',
    check: (md) => !md.includes("data:"),
  },
  {
    name: "relative link made absolute",
    html: '<p><a href="../guide/">Guide</a></p>',
    check: (md) => md.includes("[Guide](https://example.com/guide/)"),
  },
  {
    name: "javascript: link dropped",
    html: '<p><a href="javascript:alert(1)">Click</a> here</p>',
    check: (md) => !md.includes("javascript:") && md.includes("Click"),
  },
  {
    name: "no empty link text",
    html: '<p>Text <a href="/x"></a> end</p>',
    check: (md) => !/\[\]\(/.test(md),
  },
  {
    name: "block quote",
    html: "<blockquote><p>One</p><p>Two</p></blockquote>",
    check: (md) => /^> One\n>\n> Two$/m.test(md.trim()),
  },
  {
    name: "whitespace normalised",
    html: "<p>  a \n\n  b\u00a0\u00a0 c  </p>",
    check: (md) => md.trim() === "a b c",
  },
];

/** Each hostile page parsed and given every format, timed on its own (one run: these are seconds, not microseconds). */
function hostilePages(): void {
  const sizes: Record<string, number> = { "deep-dom": 500, "deep-json-ld": 60 };
  console.log(`hostile pages, load average ${load()}`);
  console.log(`${"page".padEnd(26)}  size MB   parse ms  formats ms  Web Page item ms  outcome`);
  for (const [name, { make, defaultSize }] of Object.entries(HOSTILE_PAGES)) {
    const size = sizes[name] ?? defaultSize;
    const html = make(size);
    let parseMs = 0;
    let formatsMs = 0;
    let itemMs = 0;
    let outcome = "";
    try {
      let started = performance.now();
      const page = parsePage(html, "https://example.com/page");
      parseMs = performance.now() - started;
      started = performance.now();
      const formats = computeFormats({ page, html, formats: ["markdown", "text", "html", "raw_html", "links", "metadata"] });
      formatsMs = performance.now() - started;
      started = performance.now();
      webPageItem(page, { url: page.url, finalUrl: page.url, statusCode: 200 });
      itemMs = performance.now() - started;
      outcome = `Markdown ${formats.markdown?.length ?? 0} chars, ${formats.links?.length ?? 0} links`;
    } catch (error) {
      outcome = error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error);
    }
    const ms = (value: number) => value.toFixed(0).padStart(10);
    console.log(
      `${`${name}?n=${size}`.padEnd(26)} ${(html.length / 1024 / 1024).toFixed(2).padStart(8)} ${ms(parseMs)} ${ms(formatsMs)}  ${ms(itemMs).padStart(16)}  ${outcome}`,
    );
  }
  console.log(`load average at the end: ${load()}`);
}

// Last: everything above (the feature pages included) is defined by now.
if (args.includes("--converters")) {
  compareConverters();
} else {
  const outcomes = measure(pipelines, cases);
  summarise(pipelines, outcomes);
  const ours = outcomes[0] as Outcome[];
  const misses = cases
    .map((page, at) => ({ page: page.name, score: (ours[at] as Outcome).score }))
    .filter((entry) => entry.score.f1 < 0.9)
    .sort((a, b) => a.score.f1 - b.score.f1);
  console.log(`\nScrapeDeck pages under F1 90: ${misses.length}`);
  for (const miss of misses.slice(0, missLimit)) {
    console.log(
      `  ${miss.page}  F1 ${percent(miss.score.f1)} P ${percent(miss.score.precision)} R ${percent(miss.score.recall)}`,
    );
  }
}
console.log(`\nload average at the end: ${load()}`);
