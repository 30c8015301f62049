// The text a reader sees in a Markdown document, for scoring a converter's output against an annotated body with the
// token metric (metrics.ts): what a link or image points to and a code fence's language are not words on the page.

/**
 * Markdown with its addresses removed: images (alt text and URL) dropped, links reduced to their text, autolinks and
 * reference definitions dropped, fence info strings and HTML tags left out. Punctuation (list markers, pipes,
 * emphasis) needs no removal: the token metric reads only letters and digits.
 */
export function markdownText(markdown: string): string {
  return markdown
    .replace(/^( {0,3}(?:`{3,}|~{3,}))[^\n]*$/gm, "$1")
    .replace(/!\[(?:\\.|[^\]\\])*\]\((?:\\.|\([^()]*\)|[^()\\])*\)/g, " ")
    .replace(/\[((?:\\.|[^\]\\])*)\]\((?:\\.|\([^()]*\)|[^()\\])*\)/g, "$1")
    .replace(/^ {0,3}\[[^\]]+\]:\s+\S+.*$/gm, " ")
    .replace(/<(?:https?|mailto):[^>\s]*>/gi, " ")
    .replace(/(?<!\\)<\/?[a-z][^>]*>/gi, " ");
}
