// A small syntax highlighter for the documentation's own samples (curl, JSON, JavaScript, Python, PHP, HTTP
// headers). A regular expression per language splits the text into tokens; anything unmatched stays plain. A
// general highlighter (Shiki, Prism) would add tens of kilobytes and a grammar loader for six short samples.

export type CodeLanguage = "bash" | "json" | "javascript" | "python" | "php" | "http" | "text";

export type TokenKind = "comment" | "string" | "number" | "keyword" | "property" | "flag" | "plain";

export interface Token {
  kind: TokenKind;
  text: string;
}

/** The label shown on a code block. */
export const LANGUAGE_LABELS: Record<CodeLanguage, string> = {
  bash: "cURL",
  json: "JSON",
  javascript: "JavaScript",
  python: "Python",
  php: "PHP",
  http: "HTTP",
  text: "Text",
};

const KEYWORDS: Partial<Record<CodeLanguage, readonly string[]>> = {
  javascript: [
    "const",
    "let",
    "await",
    "async",
    "if",
    "for",
    "of",
    "throw",
    "new",
    "return",
    "function",
    "true",
    "false",
    "null",
  ],
  python: ["import", "from", "def", "return", "if", "for", "in", "not", "raise", "True", "False", "None", "with", "as"],
  php: ["function", "return", "if", "foreach", "as", "throw", "new", "true", "false", "null", "echo"],
  json: ["true", "false", "null"],
};

const COMMENT: Partial<Record<CodeLanguage, string>> = {
  bash: String.raw`#[^\n]*`,
  javascript: String.raw`\/\/[^\n]*`,
  python: String.raw`#[^\n]*`,
  php: String.raw`\/\/[^\n]*|#[^\n]*`,
};

const STRING = String.raw`"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\x60(?:[^\x60\\]|\\.)*\x60`;
const NUMBER = String.raw`\b\d+(?:\.\d+)?\b`;
/** A bare address is one plain token: no number or comment inside it, and its text stays in one piece. */
const URL_PATTERN = String.raw`\bhttps?:\/\/[^\s"'\x60<>\\]+`;
const WORD = String.raw`\b[A-Za-z_$][\w$]*\b`;
const FLAG = String.raw`(?<=\s)--?[A-Za-z][\w-]*`;
const HEADER_NAME = String.raw`^[A-Za-z][\w-]*(?=:)`;

function pattern(language: CodeLanguage): RegExp {
  const parts = [
    COMMENT[language],
    STRING,
    URL_PATTERN,
    NUMBER,
    language === "bash" ? FLAG : undefined,
    language === "http" ? HEADER_NAME : undefined,
    WORD,
  ];
  return new RegExp(parts.filter(Boolean).join("|"), "gm");
}

function classify(language: CodeLanguage, match: string, rest: string): TokenKind {
  if (/^https?:\/\//.test(match)) return "plain";
  if (/^(#|\/\/)/.test(match) && COMMENT[language]) return "comment";
  if (/^["'`]/.test(match)) return language === "json" && /^\s*:/.test(rest) ? "property" : "string";
  if (/^\d/.test(match)) return "number";
  if (match.startsWith("-") && language === "bash") return "flag";
  if (language === "http" && /^\s*:/.test(rest)) return "property";
  if (language === "bash" && match === "curl") return "keyword";
  return KEYWORDS[language]?.includes(match) ? "keyword" : "plain";
}

/** Splits `code` into tokens whose texts, joined, give `code` back unchanged. */
export function highlight(code: string, language: CodeLanguage): Token[] {
  if (language === "text") return [{ kind: "plain", text: code }];
  const tokens: Token[] = [];
  let last = 0;
  const push = (kind: TokenKind, text: string) => {
    const previous = tokens.at(-1);
    if (previous && previous.kind === kind) previous.text += text;
    else if (text) tokens.push({ kind, text });
  };
  for (const match of code.matchAll(pattern(language))) {
    const start = match.index ?? 0;
    push("plain", code.slice(last, start));
    push(classify(language, match[0], code.slice(start + match[0].length)), match[0]);
    last = start + match[0].length;
  }
  push("plain", code.slice(last));
  return tokens;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to place inside HTML elements and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] as string);
}

const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/**
 * Text made safe between HTML tags (not in attribute values): quotes stay as they are, which keeps JSON samples, all
 * quotes, short in the page and in its RSC payload (where `&quot;` takes 11 bytes).
 */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (character) => TEXT_ESCAPES[character] as string);
}

/**
 * The highlighted code as one HTML string: a span per token that has a class, escaped text otherwise. A code block
 * sets it as its inner HTML, so React neither serialises nor hydrates a node per token (hundreds on /api-docs).
 */
export function highlightHtml(code: string, language: CodeLanguage, classFor: (kind: TokenKind) => string | undefined): string {
  return highlight(code, language)
    .map((token) => {
      const className = classFor(token.kind);
      const text = escapeText(token.text);
      if (!className) return text;
      // A plain class name needs no quotes (valid HTML, and fewer bytes in the page and in its RSC payload).
      return /^[\w-]+$/.test(className)
        ? `<span class=${className}>${text}</span>`
        : `<span class="${escapeHtml(className)}">${text}</span>`;
    })
    .join("");
}

/** A guess for blocks that do not name their language: the samples are JSON, curl or headers. */
export function guessLanguage(code: string): CodeLanguage {
  const start = code.trimStart();
  if (start.startsWith("{") || start.startsWith("[")) return "json";
  if (start.startsWith("curl")) return "bash";
  if (/^[A-Za-z-]+: /.test(start)) return "http";
  return "text";
}
