import iconv from "iconv-lite";

// Browsers decode these labels as windows-1252 (WHATWG Encoding), and pages rely on it for € “ ” etc.
const WINDOWS_1252_ALIASES = new Set(["iso-8859-1", "iso8859-1", "latin1", "l1", "ascii", "us-ascii", "cp819", "ibm819"]);
const PRESCAN_BYTES = 4096;

/**
 * Decodes an HTML document's bytes the way a browser would: byte order mark, then the Content-Type
 * charset, then a <meta> charset in the first bytes, then UTF-8 when the bytes are valid UTF-8,
 * else windows-1252.
 */
export function decodeHtml(bytes: Uint8Array, contentType?: string | null): { text: string; charset: string } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const charset =
    bomCharset(buffer) ??
    supported(charsetParameter(contentType)) ??
    supported(metaCharset(buffer), { fromMeta: true }) ??
    (isValidUtf8(buffer) ? "utf-8" : "windows-1252");
  return { text: iconv.decode(buffer, charset, { stripBOM: true }), charset };
}

function bomCharset(bytes: Buffer): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return null;
}

export function charsetParameter(contentType?: string | null): string | null {
  const match = contentType ? /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType) : null;
  return match?.[1] ?? null;
}

function metaCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, PRESCAN_BYTES).toString("latin1");
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(tag);
    if (direct?.[1]) return direct[1];
  }
  return /^<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)/i.exec(head)?.[1] ?? null;
}

function supported(label: string | null, { fromMeta = false } = {}): string | null {
  if (!label) return null;
  const normalized = label.trim().toLowerCase();
  if (WINDOWS_1252_ALIASES.has(normalized)) return "windows-1252";
  // A <meta> we could read as ASCII proves the bytes are not UTF-16, whatever it claims (WHATWG rule).
  if (fromMeta && normalized.startsWith("utf-16")) return "utf-8";
  return iconv.encodingExists(normalized) ? normalized : null;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function isValidUtf8(bytes: Buffer): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
