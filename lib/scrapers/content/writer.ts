import { MAX_FORMAT_CHARS, MAX_MARKDOWN_NESTING } from "../limits";
import { formatTooLarge } from "./errors";

/** Inline markup open around the paragraph being written. */
export type InlineKind = "strong" | "em" | "del" | "code" | "link";

interface Frame {
  kind: InlineKind | "root";
  text: string;
  /** link: its destination, already formatted for Markdown. */
  destination?: string;
  /** link: what to show when the link has no text of its own (aria-label, title). */
  label?: string;
}

/** A container's line prefix: `first` on its first line ("- ", "1. ", "> "), `rest` on the others. */
interface Prefix {
  first: string;
  rest: string;
}

/** The characters a format has written, shared by the writers of one format (tables write cells separately). */
export class Budget {
  used = 0;
  constructor(
    readonly format: string,
    readonly max: number = MAX_FORMAT_CHARS,
  ) {}

  spend(chars: number): void {
    this.used += chars;
    if (this.used > this.max) throw formatTooLarge(this.format, this.max);
  }
}

/**
 * Writes blocks of Markdown (or plain text) line by line. Inline content accumulates in a stack of frames, one per
 * open inline element (bold, link…); a block boundary folds the stack into one paragraph, closing each open element's
 * markup there and reopening it after, so a link around a heading and a paragraph becomes a link in each. Lines are
 * written with the prefixes of the containers they are in (list items, block quotes), and blocks are separated by
 * a blank line (one line break in a tight list). Every step is linear in what it writes.
 */
export class BlockWriter {
  private readonly parts: string[] = [];
  private started = false;
  /** Line breaks owed before the next line: 1 starts a line, 2 leaves a blank one. */
  private breaks = 0;
  /** The next line starts a list item (or a list inside one): one line break, whatever ended before it. */
  private tightNext = false;
  private readonly prefixes: Prefix[] = [];
  /** restBefore[i]: the `rest` prefixes of containers 0…i-1 joined, so a line's prefix costs no walk of the stack. */
  private readonly restBefore: string[] = [""];
  /** Containers from this index up have written no line yet: their next line starts with `first`. */
  private firstUnused = 0;
  private frames: Frame[] = [{ kind: "root", text: "" }];
  /** Levels of containers (lists, quotes) open, indented or not. */
  private depth = 0;
  /** Set while a heading's content is written: its paragraphs become heading lines of this level. */
  heading = 0;

  constructor(
    readonly markdown: boolean,
    private readonly budget: Budget,
    /** A table cell: blocks are joined on one line (by "<br>" in Markdown, a space in text), no prefixes. */
    readonly cell = false,
  ) {}

  /** Text already escaped (Markdown) and with its whitespace collapsed to single spaces. */
  text(value: string): void {
    const frame = this.frames[this.frames.length - 1] as Frame;
    frame.text += value;
  }

  /** A hard line break inside the paragraph (<br>); two in a row end it. */
  lineBreak(): void {
    this.text("\n");
  }

  isOpen(kind: InlineKind): boolean {
    for (let i = this.frames.length - 1; i > 0; i--) if ((this.frames[i] as Frame).kind === kind) return true;
    return false;
  }

  openInline(kind: InlineKind, link?: { destination: string; label?: string }): void {
    this.frames.push({ kind, text: "", destination: link?.destination, label: link?.label });
  }

  closeInline(): void {
    const frame = this.frames.pop() as Frame;
    this.text(this.wrap(frame));
  }

  /** Ends the paragraph under way and asks for a blank line before whatever comes next. */
  endBlock(): void {
    this.flush();
    if (this.started) this.breaks = Math.max(this.breaks, 2);
  }

  /**
   * The next line, if the item about to open writes one, starts right below the last (a tight list's next item, a
   * list inside an item). An item that writes nothing leaves the separation as it was.
   */
  tight(): void {
    this.flush();
    this.tightNext = true;
  }

  /**
   * Opens a container whose lines start with `first` once, then `rest`. Deeper than MAX_MARKDOWN_NESTING a container
   * indents nothing more: a list item still gets its marker, a quote no longer its ">".
   */
  openContainer(first: string, rest: string): void {
    this.depth++;
    let prefix: Prefix;
    if (!this.markdown || this.cell) prefix = { first: "", rest: "" };
    else if (this.depth <= MAX_MARKDOWN_NESTING) prefix = { first, rest };
    else prefix = { first: rest.trim() === "" ? first : "", rest: "" };
    this.prefixes.push(prefix);
    this.restBefore.push((this.restBefore[this.restBefore.length - 1] as string) + prefix.rest);
  }

  /** Whether the innermost open container (a list item) has written a line. */
  containerStarted(): boolean {
    this.flush();
    return this.firstUnused >= this.prefixes.length;
  }

  closeContainer(): void {
    this.flush();
    this.prefixes.pop();
    this.restBefore.pop();
    this.firstUnused = Math.min(this.firstUnused, this.prefixes.length);
    this.depth--;
    this.tightNext = false;
  }

  /** Lines written verbatim (a code block's), with the containers' prefixes. */
  verbatim(lines: readonly string[]): void {
    this.flush();
    for (const line of lines) this.line(line);
  }

  /** Writes the paragraph under way: hard breaks become Markdown's "\" line ends, two of them a new paragraph. */
  flush(): void {
    // Fold the open inline elements into the paragraph, keeping them open (empty) for what follows the block.
    for (let i = this.frames.length - 1; i > 0; i--) {
      const frame = this.frames[i] as Frame;
      if (!frame.text) continue;
      const wrapped = this.wrap(frame);
      frame.text = "";
      const parent = this.frames[i - 1] as Frame;
      parent.text += wrapped;
    }
    const text = (this.frames[0] as Frame).text;
    (this.frames[0] as Frame).text = "";
    if (!text) return;
    let lines: string[] = [];
    const paragraphs: string[][] = [];
    for (const raw of text.split("\n")) {
      const line = raw.replace(/ {2,}/g, " ").trim();
      if (line) lines.push(line);
      else if (lines.length > 0) {
        paragraphs.push(lines);
        lines = [];
      }
    }
    if (lines.length > 0) paragraphs.push(lines);
    for (const paragraph of paragraphs) {
      if (this.heading > 0) {
        const title = paragraph.join(" ");
        // A heading's closing run of "#" is not part of its text in Markdown: one ending the title is kept by escaping.
        const heading = () => `${"#".repeat(this.heading)} ${title.replace(/(^|\s)(#+)$/, "$1\\$2")}`;
        this.line(this.markdown && !this.cell ? heading() : title);
      } else {
        paragraph.forEach((line, at) => {
          const start = this.markdown ? escapeLineStart(line) : line;
          this.line(this.markdown && !this.cell && at < paragraph.length - 1 ? `${start}\\` : start);
        });
      }
      this.breaks = Math.max(this.breaks, 2);
    }
  }

  /** Everything written, the paragraph under way included. */
  finish(): string {
    this.flush();
    return this.parts.join("");
  }

  private line(content: string): void {
    let out = "";
    if (this.started) {
      if (this.cell) out = this.markdown ? "<br>" : " ";
      else {
        const breaks = this.tightNext ? 1 : Math.max(this.breaks, 1);
        for (let i = 1; i < breaks; i++) out += `\n${this.blankPrefix()}`;
        out += "\n";
      }
    }
    if (!this.cell) out += this.prefix();
    out += content;
    this.budget.spend(out.length);
    this.parts.push(out);
    this.started = true;
    this.tightNext = false;
    this.breaks = 0;
  }

  private prefix(): string {
    let prefix = this.restBefore[this.firstUnused] as string;
    for (let i = this.firstUnused; i < this.prefixes.length; i++) prefix += (this.prefixes[i] as Prefix).first;
    this.firstUnused = this.prefixes.length;
    return prefix;
  }

  /** A blank line inside the open containers: "> " quotes keep their ">", list indentation goes. */
  private blankPrefix(): string {
    return (this.restBefore[this.firstUnused] as string).trimEnd();
  }

  /** An inline element's markup around its content; spaces at its edges move outside, an empty one disappears. */
  private wrap(frame: Frame): string {
    if (frame.kind === "root") return frame.text;
    // A paragraph break inside an inline element would split its markup: it is a line break there.
    const text = frame.text.includes("\n\n") ? frame.text.replace(/\n{2,}/g, "\n") : frame.text;
    const inner = text.replace(/^[ \n]+|[ \n]+$/g, "");
    const lead = text.length > 0 && (text[0] === " " || text[0] === "\n") ? " " : "";
    const trail = inner && /[ \n]$/.test(text) ? " " : "";
    if (!this.markdown) return lead + inner + trail;
    if (!inner) {
      if (frame.kind === "link" && frame.label) return `${lead}[${escapeInline(frame.label)}](${frame.destination})`;
      return lead;
    }
    switch (frame.kind) {
      case "strong":
        return `${lead}**${inner}**${trail}`;
      case "em":
        return `${lead}*${inner}*${trail}`;
      case "del":
        return `${lead}~~${inner}~~${trail}`;
      case "code":
        return lead + codeSpan(inner) + trail;
      case "link":
        return `${lead}[${inner}](${frame.destination})${trail}`;
    }
  }
}

/** Inline code: fenced by one backtick more than the longest run inside it, padded when it starts or ends with one. */
function codeSpan(code: string): string {
  let longest = 0;
  for (const run of code.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = "`".repeat(longest + 1);
  const pad = code.startsWith("`") || code.endsWith("`") ? " " : "";
  return `${fence}${pad}${code}${pad}${fence}`;
}

/**
 * Text as Markdown shows it literally: emphasis, code and link characters escaped, `_` only at a word's edge
 * (snake_case stays readable), `<` only where it would open a tag, `&` only where it would be an entity.
 */
export function escapeInline(text: string): string {
  return text.replace(/[\\*`[\]]|_(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])_|<(?=[A-Za-z/!?])|&(?=#?[A-Za-z0-9]+;)|~(?=~)/gu, "\\$&");
}

/** A line that Markdown would read as a heading, list item, quote, rule or fence gets its first character escaped. */
function escapeLineStart(line: string): string {
  const numbered = /^(\d{1,9})([.)])(?=\s|$)/.exec(line);
  if (numbered) return `${numbered[1]}\\${line.slice((numbered[1] as string).length)}`;
  if (/^(?:#{1,6}(?=\s|$)|>|[+-](?=\s|$)|-{3,}\s*$|={3,}\s*$|~{3,})/.test(line)) return `\\${line}`;
  return line;
}
