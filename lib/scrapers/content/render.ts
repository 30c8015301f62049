import type { AnyNode, Element } from "domhandler";
import { TABLE_GRID_FILL, TABLE_GRID_SLACK } from "../limits";
import type { KeptContent } from "./select";
import { imageSource, type UrlResolver } from "./urls";
import { BlockWriter, Budget, escapeInline, type InlineKind } from "./writer";

/**
 * The kept content as Markdown: headings, paragraphs, lists (nested, numbered from `start`), GFM tables with a
 * header row, fenced code blocks with their language, block quotes, images as `![alt](absolute URL)`, links made
 * absolute, emphasis and inline code. Links to javascript: or nowhere keep their text only; links with no text
 * and no label, data: images and 1×1 pixels are left out; whitespace runs become one space. The same tree always
 * gives the same text.
 */
export function renderMarkdown(content: KeptContent, urls: UrlResolver): string {
  return new Renderer(content, urls, true).render();
}

/**
 * The kept content as plain text, laid out as a browser's innerText would: one paragraph per block with a blank
 * line between, list items and table rows one per line, table cells separated by a tab; no markup.
 */
export function renderText(content: KeptContent, urls: UrlResolver): string {
  return new Renderer(content, urls, false).render();
}

const INLINE_MARKUP: Record<string, InlineKind> = {
  strong: "strong",
  b: "strong",
  em: "em",
  i: "em",
  cite: "em",
  dfn: "em",
  del: "del",
  s: "del",
  strike: "del",
  code: "code",
  kbd: "code",
  samp: "code",
  tt: "code",
};

/** Elements that are paragraphs or hold blocks: each starts and ends one. */
const BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "center",
  "details",
  "dialog",
  "div",
  "dl",
  "dd",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "header",
  "hgroup",
  "legend",
  "li",
  "main",
  "menu",
  "nav",
  "p",
  "section",
  "summary",
  "caption",
]);

const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

/** HTML's own cap on colspan. */
const MAX_COLSPAN = 1000;

const CODE_LANGUAGE = /(?:^|\s)(?:lang(?:uage)?-|highlight-(?:source-)?|brush:\s*)([\w#+.-]{1,30})/i;
const NO_LANGUAGE = new Set(["none", "plain", "nohighlight", "plaintext"]);

class Renderer {
  private readonly budget: Budget;
  private readonly shownImages = new Set<string>();

  constructor(
    private readonly content: KeptContent,
    private readonly urls: UrlResolver,
    private readonly markdown: boolean,
  ) {
    this.budget = new Budget(markdown ? "Markdown" : "text");
  }

  render(): string {
    const writer = new BlockWriter(this.markdown, this.budget);
    for (const root of this.content.roots) {
      this.element(root, writer);
      writer.endBlock();
    }
    return writer.finish();
  }

  private children(element: Element, writer: BlockWriter): void {
    for (const child of element.children) this.node(child, writer);
  }

  private node(node: AnyNode, writer: BlockWriter): void {
    if (node.type === "text") {
      writer.text(this.inlineText(node.data, writer));
    } else if (node.type === "tag" && !this.content.drops(node)) {
      this.element(node, writer);
    }
  }

  /** A text node's text: whitespace collapsed, invisible characters removed, Markdown's special characters escaped. */
  private inlineText(data: string, writer: BlockWriter): string {
    const text = normalizeWhitespace(data);
    return this.markdown && !writer.isOpen("code") ? escapeInline(text) : text;
  }

  private element(element: Element, writer: BlockWriter): void {
    const name = element.name;
    const markup = INLINE_MARKUP[name];
    if (markup) {
      this.inline(element, markup, writer);
      return;
    }
    switch (name) {
      case "a":
        this.link(element, writer);
        return;
      case "br":
        writer.lineBreak();
        return;
      case "img":
        this.image(element, writer);
        return;
      case "hr":
        writer.endBlock();
        if (this.markdown && !writer.cell) writer.verbatim(["---"]);
        writer.endBlock();
        return;
      case "ul":
      case "ol":
        this.list(element, writer);
        return;
      case "blockquote":
        this.quote(element, writer);
        return;
      case "pre":
      case "listing":
      case "xmp":
      case "plaintext":
        this.codeBlock(element, writer);
        return;
      case "table":
        this.table(element, writer);
        return;
      case "dt":
        // A definition list's term, bold above its definition.
        writer.endBlock();
        this.inline(element, "strong", writer);
        writer.endBlock();
        return;
    }
    const level = HEADINGS[name];
    if (level) {
      writer.endBlock();
      const outer = writer.heading;
      writer.heading = level;
      this.children(element, writer);
      writer.endBlock();
      writer.heading = outer;
      return;
    }
    if (BLOCKS.has(name)) {
      writer.endBlock();
      this.children(element, writer);
      writer.endBlock();
      return;
    }
    // Anything else (span, font, abbr, mark, time, custom elements…) is transparent.
    this.children(element, writer);
  }

  /** Bold, italics, strike-through and code; one already open inside itself adds nothing. */
  private inline(element: Element, kind: InlineKind, writer: BlockWriter): void {
    if (!this.markdown || writer.isOpen(kind) || writer.isOpen("code")) {
      this.children(element, writer);
      return;
    }
    writer.openInline(kind);
    this.children(element, writer);
    writer.closeInline();
  }

  private link(element: Element, writer: BlockWriter): void {
    const href = this.urls.resolve(element.attribs.href);
    if (!this.markdown || !href || writer.isOpen("link") || writer.isOpen("code")) {
      this.children(element, writer);
      return;
    }
    // A gallery's link to the full-size image it shows: the image says it all.
    const image = soleImage(element);
    if (image && imageSource(image, this.urls) === href) {
      this.image(image, writer);
      return;
    }
    const label = normalizeWhitespace(element.attribs["aria-label"] ?? element.attribs.title ?? "").trim() || undefined;
    writer.openInline("link", { destination: linkDestination(href), label });
    this.children(element, writer);
    writer.closeInline();
  }

  private image(element: Element, writer: BlockWriter): void {
    if (!this.markdown) return;
    const source = imageSource(element, this.urls);
    // An image shown again (a gallery's thumbnail strip, a lightbox copy) is written once.
    if (!source || this.shownImages.has(source)) return;
    this.shownImages.add(source);
    const alt = normalizeWhitespace(element.attribs.alt ?? element.attribs.title ?? "").trim();
    writer.text(`![${escapeInline(alt)}](${linkDestination(source)})`);
  }

  /**
   * A list: "- " or "1. " items (numbered from `start` or an item's `value`), each item's lines indented under its
   * marker. A list inside an item starts on the line below the item's text. A list written straight inside
   * another list (no <li> around it, a common slip) is indented under the item before it.
   */
  private list(element: Element, writer: BlockWriter, nested = false): void {
    const parent = element.parent as Element | null;
    if (nested || (parent?.type === "tag" && parent.name === "li" && writer.containerStarted())) writer.tight();
    else writer.endBlock();
    const ordered = element.name === "ol";
    let number = listNumber(element.attribs.start) ?? 1;
    let items = 0;
    let indent = "";
    for (const child of element.children) {
      if (child.type === "text") {
        // Text between the items (broken markup): an item of its own when it is not blank.
        if (!/[^\s\u00a0]/.test(child.data)) continue;
      } else if (child.type !== "tag" || this.content.drops(child)) continue;
      if (child.type === "tag" && (child.name === "ul" || child.name === "ol")) {
        writer.openContainer(indent, indent);
        this.list(child, writer, true);
        writer.closeContainer();
        continue;
      }
      if (ordered && child.type === "tag") number = listNumber(child.attribs.value) ?? number;
      const marker = ordered ? `${number}. ` : "- ";
      indent = " ".repeat(marker.length);
      if (items > 0) writer.tight();
      writer.openContainer(marker, indent);
      if (child.type === "tag" && child.name === "li") this.children(child, writer);
      else this.node(child, writer);
      writer.closeContainer();
      number++;
      items++;
    }
    writer.endBlock();
  }

  private quote(element: Element, writer: BlockWriter): void {
    writer.endBlock();
    writer.openContainer("> ", "> ");
    this.children(element, writer);
    writer.closeContainer();
    writer.endBlock();
  }

  private codeBlock(element: Element, writer: BlockWriter): void {
    const code = this.rawText(element)
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((line) => line.trimEnd());
    while (code.length > 0 && !code[0]) code.shift();
    while (code.length > 0 && !code[code.length - 1]) code.pop();
    writer.endBlock();
    if (code.length === 0) return;
    if (writer.cell || !this.markdown) {
      // Inside a table cell a code block is its lines; in plain text it is its lines as they are.
      if (writer.cell) writer.text(code.map((line) => normalizeWhitespace(line)).join("\n"));
      else writer.verbatim(code);
      writer.endBlock();
      return;
    }
    let longest = 0;
    for (const line of code) {
      const run = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (run?.startsWith("`")) longest = Math.max(longest, run.length);
    }
    const fence = "`".repeat(Math.max(3, longest + 1));
    writer.verbatim([`${fence}${codeLanguage(element) ?? ""}`, ...code, fence]);
    writer.endBlock();
  }

  /** A code block's text as written: every text node, <br> as a line break, dropped elements left out. */
  private rawText(root: Element): string {
    let text = "";
    const stack: AnyNode[] = [root];
    while (stack.length > 0) {
      const node = stack.pop() as AnyNode;
      if (node.type === "text") text += node.data;
      else if (node.type === "tag" && (node === root || !this.content.drops(node))) {
        if (node.name === "br") text += "\n";
        for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
      }
    }
    return text;
  }

  private table(table: Element, writer: BlockWriter): void {
    const layout = tableLayout(table, this.content.drops);
    writer.endBlock();
    if (layout.kind === "layout") {
      // A table used for layout: its cells are blocks, in reading order.
      for (const child of layout.captionAndCells) {
        this.element(child, writer);
        writer.endBlock();
      }
      return;
    }
    if (layout.caption) {
      this.element(layout.caption, writer);
      writer.endBlock();
    }
    const { rows, grid } = this.grid(layout.rows);
    if (rows.length === 0) return;
    if (!grid) {
      // Too wide to pad into a grid: each row on a line of its own, its cells one after another.
      for (const row of rows) {
        writer.text(row.filter(Boolean).join(this.markdown ? " | " : "\t"));
        writer.lineBreak();
      }
      writer.endBlock();
      return;
    }
    const lines =
      this.markdown && !writer.cell ? gfmTable(rows) : rows.map((row) => row.join(this.markdown ? " | " : "\t").trimEnd());
    if (writer.cell) writer.text(lines.join("\n"));
    else writer.verbatim(lines);
    writer.endBlock();
  }

  /**
   * The table's rows as a grid of rendered cells: colspan repeats a cell's place (empty), rowspan carries it into
   * the rows below; empty rows and columns are dropped. Past TABLE_GRID_FILL × the table's cells (hostile spans, or
   * one wide row above thousands of short ones) the spans stop counting and `grid` is false: the rows are written
   * as they are, not padded into columns.
   */
  private grid(rows: Element[][]): { rows: string[][]; grid: boolean } {
    let cellCount = 0;
    for (const row of rows) cellCount += row.length;
    const maxGrid = cellCount * TABLE_GRID_FILL + TABLE_GRID_SLACK;
    let gridSize = 0;
    let spanned = true;
    const grid: string[][] = [];
    /** Rows each column is still taken by a rowspan from above. */
    const carried: number[] = [];
    for (const row of rows) {
      const line: string[] = [];
      const skipCarried = () => {
        while ((carried[line.length] ?? 0) > 0) {
          carried[line.length] = (carried[line.length] as number) - 1;
          line.push("");
        }
      };
      for (const cell of row) {
        skipCarried();
        const text = this.cellText(cell);
        const colspan = spanned ? span(cell.attribs.colspan, MAX_COLSPAN) : 1;
        const rowspan = spanned ? span(cell.attribs.rowspan, rows.length) : 1;
        for (let i = 0; i < colspan; i++) {
          if (rowspan > 1) carried[line.length] = rowspan - 1;
          line.push(i === 0 ? text : "");
        }
        if (spanned && gridSize + line.length > maxGrid) {
          spanned = false;
          carried.length = 0;
        }
      }
      // Columns past the row's last cell that a rowspan still takes.
      while (line.length < carried.length) {
        const left = carried[line.length] ?? 0;
        if (left > 0) carried[line.length] = left - 1;
        line.push("");
      }
      gridSize += line.length;
      if (line.some((text) => text !== "")) grid.push(line);
    }
    // Columns no row writes in (spacers, a span's shadow) are dropped; a row shorter than the others is padded.
    const used: boolean[] = [];
    for (const line of grid) {
      for (let at = 0; at < line.length; at++) if (line[at] !== "") used[at] = true;
    }
    const columns: number[] = [];
    for (let at = 0; at < used.length; at++) if (used[at]) columns.push(at);
    if (!spanned || columns.length * grid.length > maxGrid) return { rows: grid, grid: false };
    return { rows: grid.map((line) => columns.map((at) => line[at] ?? "")), grid: true };
  }

  /**
   * A cell's content on one line: its blocks joined by <br> (a space in text), `|` escaped for GFM (inside code
   * spans and links too, as GFM reads them). Markup open around the table does not reach into its cells.
   */
  private cellText(cell: Element): string {
    const writer = new BlockWriter(this.markdown, this.budget, true);
    this.children(cell, writer);
    const text = writer.finish();
    return this.markdown ? text.replaceAll("|", "\\|") : text;
  }
}

/** The one <img> a link holds when it holds nothing else (no text, no other element but wrappers around the image). */
function soleImage(link: Element): Element | null {
  let found: Element | null = null;
  const stack: Element[] = [link];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    for (const child of element.children) {
      if (child.type === "text") {
        if (/[^\s\u00a0]/.test(child.data)) return null;
      } else if (child.type === "tag") {
        if (child.name === "img") {
          if (found) return null;
          found = child;
        } else stack.push(child);
      }
    }
  }
  return found;
}

/** Whitespace collapsed to single spaces (no-break spaces too), invisible characters that only break words removed. */
export function normalizeWhitespace(text: string): string {
  return text
    .replace(/[\t\n\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g, " ")
    .replace(/[\p{Cc}\u00ad\u200b\u2060\ufeff]/gu, "");
}

/** A URL as a Markdown link destination: parentheses escaped unless balanced (Wikipedia's "Foo_(bar)" stays). */
function linkDestination(url: string): string {
  if (!url.includes("(") && !url.includes(")")) return url;
  let depth = 0;
  for (const char of url) {
    if (char === "(") depth++;
    else if (char === ")" && --depth < 0) break;
  }
  return depth === 0 ? url : url.replace(/[()]/g, "\\$&");
}

/** The language a code block states: a language-x / lang-x / highlight-source-x / brush: x class, or data-lang. */
function codeLanguage(pre: Element): string | null {
  const code = pre.children.find((child): child is Element => child.type === "tag" && child.name === "code");
  const candidates: (Element | null)[] = [code ?? null, pre, pre.parent as Element | null, pre.parent?.parent as Element | null];
  for (const element of candidates) {
    if (element?.type !== "tag") continue;
    const { attribs } = element;
    const stated = attribs["data-lang"] ?? attribs["data-language"] ?? CODE_LANGUAGE.exec(attribs.class ?? "")?.[1];
    const language = stated?.trim().toLowerCase();
    if (language && /^[\w#+.-]{1,30}$/.test(language)) return NO_LANGUAGE.has(language) ? null : language;
  }
  return null;
}

type TableLayout = { kind: "data"; caption: Element | null; rows: Element[][] } | { kind: "layout"; captionAndCells: Element[] };

/** Elements inside a cell that make a table a page layout rather than data. */
const LAYOUT_CONTENT = new Set([
  "table",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "pre",
  "article",
  "section",
  "nav",
  "form",
]);

/**
 * Whether a table holds data (a GFM table) or lays out the page (its cells read as blocks): role=presentation,
 * a nested table, headings, quotes or code in a cell, or fewer than two rows or columns make it layout.
 */
function tableLayout(table: Element, drops: (element: Element) => boolean): TableLayout {
  let caption: Element | null = null;
  const rows: Element[][] = [];
  const addRow = (row: Element) => {
    const cells = row.children.filter(
      (cell): cell is Element => cell.type === "tag" && (cell.name === "td" || cell.name === "th") && !drops(cell),
    );
    if (cells.length > 0) rows.push(cells);
  };
  for (const child of table.children) {
    if (child.type !== "tag" || drops(child)) continue;
    if (child.name === "caption") caption ??= child;
    else if (child.name === "tr") addRow(child);
    else if (child.name === "thead" || child.name === "tbody" || child.name === "tfoot") {
      for (const row of child.children) if (row.type === "tag" && row.name === "tr" && !drops(row)) addRow(row);
    }
  }
  const cells = rows.flat();
  const role = table.attribs.role;
  const columns = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  const layout =
    role === "presentation" || role === "none" || rows.length < 2 || columns < 2 || cells.some((cell) => holdsLayout(cell));
  if (!layout) return { kind: "data", caption, rows };
  return { kind: "layout", captionAndCells: caption ? [caption, ...cells] : cells };
}

function holdsLayout(cell: Element): boolean {
  const stack: Element[] = [cell];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    for (const child of element.children) {
      if (child.type !== "tag") continue;
      if (LAYOUT_CONTENT.has(child.name)) return true;
      stack.push(child);
    }
  }
  return false;
}

function listNumber(value: string | undefined): number | null {
  const number = Number.parseInt(value ?? "", 10);
  return Number.isFinite(number) && number >= 0 && number < 1e9 ? number : null;
}

function span(value: string | undefined, max: number): number {
  const count = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(count) && count > 1 ? Math.min(count, max) : 1;
}

/** Rows as a GFM table: the first row is the header (GFM requires one), every row padded to the widest. */
function gfmTable(grid: string[][]): string[] {
  const width = grid.reduce((widest, row) => Math.max(widest, row.length), 0);
  const line = (row: string[]) => {
    const cells = Array.from({ length: width }, (_, at) => row[at] ?? "");
    return `| ${cells.join(" | ")} |`;
  };
  const [header, ...body] = grid;
  return [line(header as string[]), `|${" --- |".repeat(width)}`, ...body.map(line)];
}
