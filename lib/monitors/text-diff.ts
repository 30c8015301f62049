// A page's Markdown before and after, as a unified diff (jsdiff: Myers' line diff, hunks with context, and a bound
// on the work, which a diff of our own would have to reinvent).
import { formatPatch, structuredPatch } from "diff";

/** Lines of context around each change, as `diff -u` shows. */
const CONTEXT_LINES = 3;
/**
 * The most edits (lines added plus removed) the diff looks for: beyond it two texts are reported as replaced
 * wholesale rather than diffed. Myers' cost grows with the square of the edits: giving up at 1,000 costs about
 * 0.1 s of CPU, at 5,000 three to four seconds (a rewritten page of 3,000 lines).
 */
const MAX_EDIT_LENGTH = 1000;
/** And a bound in time, should a large text make even that slow (a loaded machine): the same fallback. */
const DIFF_TIMEOUT_MS = 500;

export type TextDiff =
  | {
      /** Unified diff of the Markdown, headed `--- before` / `+++ after`. */
      patch: string;
      addedLines: number;
      removedLines: number;
    }
  | {
      /** Too different to diff within the bounds (MAX_EDIT_LENGTH, DIFF_TIMEOUT_MS): the page was replaced. */
      patch: null;
      addedLines: number;
      removedLines: number;
    };

/**
 * Markdown as compared: line endings unified and trailing spaces dropped (invisible once rendered, and what
 * re-renders of an unchanged page vary in), with one final newline.
 */
export function normalizeMarkdown(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const kept = lines.map((line) => line.replace(/[ \t]+$/, ""));
  while (kept.length > 0 && kept[kept.length - 1] === "") kept.pop();
  return kept.length === 0 ? "" : `${kept.join("\n")}\n`;
}

/** The diff from `before` to `after` (normalized), or null when they are the same. */
export function diffMarkdown(before: string, after: string): TextDiff | null {
  const [a, b] = [normalizeMarkdown(before), normalizeMarkdown(after)];
  if (a === b) return null;
  const patch = structuredPatch("before", "after", a, b, undefined, undefined, {
    context: CONTEXT_LINES,
    maxEditLength: MAX_EDIT_LENGTH,
    timeout: DIFF_TIMEOUT_MS,
  });
  if (!patch) {
    return { patch: null, addedLines: lineCount(b), removedLines: lineCount(a) };
  }
  let [addedLines, removedLines] = [0, 0];
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith("+")) addedLines++;
      else if (line.startsWith("-")) removedLines++;
    }
  }
  return {
    patch: formatPatch(patch, { includeIndex: false, includeUnderline: false, includeFileHeaders: true }),
    addedLines,
    removedLines,
  };
}

function lineCount(text: string): number {
  return text === "" ? 0 : text.split("\n").length - 1;
}
