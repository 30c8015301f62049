const VALID_ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t", "u"]);

/**
 * Parses JSON the way sites actually write it in <script type="application/ld+json">: wrapped in HTML
 * comments or CDATA, with // and /* *\/ comments, trailing commas, single-quoted strings, raw line breaks and tabs inside strings,
 * invalid escapes such as \', and several top-level objects one after another. Returns undefined when
 * even the repaired text is not JSON.
 */
export function parseLenientJson(source: string): unknown {
  const text = source.trim();
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(repairJson(text));
    } catch {
      return undefined;
    }
  }
}

export function repairJson(source: string): string {
  const text = source
    .trim()
    .replace(/^(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, "")
    .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)$/, "")
    .trim()
    .replace(/;+$/, "");
  let out = "";
  let inString = false;
  let quote = '"';
  let depth = 0;
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (inString) {
      if (char === "\\") {
        const next = text[i + 1] ?? "";
        if (VALID_ESCAPES.has(next)) out += char + next;
        else out += next === "\n" ? "\\n" : next;
        i++;
      } else if (char === quote) {
        inString = false;
        out += '"';
      } else if (char === '"') {
        out += '\\"';
      } else if (char < " ") {
        out += char === "\n" ? "\\n" : char === "\t" ? "\\t" : char === "\r" ? "" : " ";
      } else {
        out += char;
      }
      continue;
    }
    if (char === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end;
      continue;
    }
    if (char === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
      continue;
    }
    if (char === '"' || char === "'") {
      inString = true;
      quote = char;
      out += '"';
      continue;
    }
    if (char === "{" || char === "[") {
      if (depth === 0 && values > 0) out += ",";
      depth++;
    }
    if (char === "}" || char === "]") {
      out = withoutTrailingComma(out);
      depth--;
      if (depth === 0) values++;
    }
    out += char;
  }
  return values > 1 ? `[${out}]` : out;
}

function withoutTrailingComma(text: string): string {
  let end = text.length - 1;
  while (end >= 0 && /\s/.test(text[end] as string)) end--;
  return text[end] === "," ? text.slice(0, end) + text.slice(end + 1) : text;
}
