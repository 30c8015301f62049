import { jsonrepair } from "jsonrepair";

/**
 * Parses JSON the way sites actually write it in <script type="application/ld+json">: wrapped in HTML
 * comments or CDATA, with // and /* *\/ comments, trailing or missing commas, single-quoted strings, raw line
 * breaks and unescaped quotes inside strings, invalid escapes such as \', truncated blocks, and several
 * top-level objects one after another. The repairs are jsonrepair's; only the wrappers it does not know
 * (HTML comments, a bare CDATA section, trailing semicolons) are taken off here. Returns undefined when even the repaired text is
 * not JSON.
 */
export function parseLenientJson(source: string): unknown {
  const text = source.trim();
  try {
    return JSON.parse(text);
  } catch {
    const unwrapped = unwrap(text);
    for (const candidate of [unwrapped, separateValues(unwrapped)]) {
      try {
        return JSON.parse(jsonrepair(candidate));
      } catch {
        // next candidate
      }
    }
    return undefined;
  }
}

function unwrap(text: string): string {
  return text
    .replace(/^(?:<!--|(?:\/\/\s*)?<!\[CDATA\[)/, "")
    .replace(/(?:-->|(?:\/\/\s*)?\]\]>)$/, "")
    .trim()
    .replace(/;+$/, "");
}

/**
 * jsonrepair reads values on separate lines as a list ("newline-delimited JSON") but not `}{` run together;
 * a line break between them makes it read those too. Only tried when the text is not repairable as it is,
 * so a `}{` inside a string of a repairable block is never touched.
 */
function separateValues(text: string): string {
  return text.replace(/([}\]])\s*([{[])/g, "$1\n$2");
}
