import "server-only";
import { CodeBlock } from "@/components/marketing/code-block";
import { computeFormats } from "@/lib/scrapers/content/formats";
import { parsePage } from "@/lib/scrapers/extract/page";

// The Markdown section of /api-docs: a small page as the API would answer it, made by the content engine itself when
// the page is prerendered (so the example cannot drift from what runs answer), beside how that Markdown renders.

const SAMPLE_URL = "https://news.example.com/2026/11/bus-lanes";

/** A page with what a real one has around its article: navigation, a cookie banner, a share bar, a footer. */
export const SAMPLE_PAGE = `<!doctype html><html lang="en"><head><title>Bus lanes made permanent | The Ledger</title></head><body>
<nav><a href="/">Home</a> <a href="/local">Local</a> <a href="/politics">Politics</a></nav>
<div class="cookie-banner">We use cookies. <button>Accept</button></div>
<main><article>
<h1>Bus lanes made permanent</h1>
<p class="byline">By Dana Whitfield</p>
<p>The council voted <strong>7–2</strong> to keep the lanes on Main Street, <a href="/2026/10/pilot">after a two-year pilot</a>.</p>
<h2>What changes</h2>
<ul><li>Buses only, around the clock<ul><li>taxis still allowed at night</li></ul></li><li>New fines from January</li></ul>
<table><tr><th>Route</th><th>Minutes saved</th></tr><tr><td>No. 4</td><td>9</td></tr><tr><td>No. 12</td><td>5</td></tr></table>
<blockquote><p>It is the fastest the 4 has ever been.</p></blockquote>
<pre><code class="language-bash">curl https://ledger.example/api/routes/4</code></pre>
<div class="share-bar"><a href="https://social.example/share">Share</a></div>
</article></main>
<footer><a href="/about">About us</a> · © The Ledger</footer>
</body></html>`;

/** The Markdown and the cleaned HTML a run with formats ["markdown", "html"] answers for SAMPLE_PAGE. */
export function sampleFormats(): { markdown: string; html: string } {
  const { markdown = "", html = "" } = computeFormats({
    page: parsePage(SAMPLE_PAGE, SAMPLE_URL),
    html: SAMPLE_PAGE,
    formats: ["markdown", "html"],
  });
  return { markdown, html };
}

const REQUEST = `curl -X POST https://scrapedeck.example/api/scrapers/1/run \\
  -H "Authorization: Bearer $SCRAPEDECK_KEY" -H "Content-Type: application/json" \\
  -d '{"url": "${SAMPLE_URL}", "formats": ["markdown", "links", "metadata"]}'`;

const RENDERED =
  "rounded-lg border border-slate-200 bg-white p-5 text-sm text-slate-800 space-y-3 [&_h2]:text-lg [&_h2]:font-semibold " +
  "[&_a]:text-brand-700 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-5 [&_table]:border-collapse [&_td]:border " +
  "[&_th]:border [&_td]:px-2 [&_th]:px-2 [&_th]:text-left [&_blockquote]:border-l-4 [&_blockquote]:pl-3 " +
  "[&_blockquote]:text-slate-600 [&_pre]:rounded [&_pre]:bg-slate-100 [&_pre]:p-2 [&_pre]:whitespace-pre-wrap [&_pre]:break-all";

export function FormatsSection() {
  const { markdown, html } = sampleFormats();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="min-w-0 space-y-3 text-slate-700">
        <p>
          Add <code>formats</code> to any run or batch, of any scraper, and each output comes back beside <code>data</code> under
          its own name, in the answer and in <code>GET /api/runs/{"{id}"}</code>: <code>markdown</code>, <code>text</code> and{" "}
          <code>html</code> (the content, cleaned), <code>raw_html</code> (the page as fetched), <code>links</code> (every link
          once, absolute, with its text and <code>rel</code>) and <code>metadata</code> (title, description, language, dates,
          author, site name, image, canonical address). <code>screenshot</code> needs <code>"render": true</code>.
        </p>
        <p>
          <code>only_main_content</code> (default <code>true</code>) keeps the article or product body and drops navigation,
          headers, footers, cookie banners, share bars and related stories; <code>false</code> keeps the whole page, still
          cleaned. <code>include_tags</code> and <code>exclude_tags</code> (CSS selectors) narrow it further. The{" "}
          <strong>Web Page</strong> scraper answers any page this way as its one item: <code>markdown</code>, <code>text</code>,{" "}
          <code>links</code>, <code>word_count</code> and what the page says about itself.
        </p>
        <p>
          Markdown is GitHub-flavoured: headings, nested lists, tables with a header row, fenced code with its language, quotes,
          absolute links and images (no <code>data:</code> images, no <code>javascript:</code> links). The same page always gives
          the same Markdown. A page too large or too complex to read fails <code>too_large</code> or <code>page_too_complex</code>{" "}
          (422), and is not charged.
        </p>
        <CodeBlock label="A run with formats" code={REQUEST} language="bash" />
      </div>
      <div className="min-w-0 space-y-4">
        <CodeBlock label="The markdown a run answers for a news page" code={markdown} language="text" />
        <figure className="space-y-2">
          <figcaption className="text-sm font-medium text-slate-800">How that Markdown renders</figcaption>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own sample, cleaned by the content engine (no scripts, handlers or styles). */}
          <div data-testid="markdown-rendering" className={RENDERED} dangerouslySetInnerHTML={{ __html: html }} />
        </figure>
      </div>
    </div>
  );
}
