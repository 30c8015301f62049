import { ResultType, Sniffer } from "encoding-sniffer/sniffer";
import iconv from "iconv-lite";

/**
 * How far the <meta charset> prescan reads. The WHATWG algorithm stops at 1024 bytes; real pages put
 * long comments and scripts first, so we read further (browsers re-sniff later declarations too).
 */
const PRESCAN_BYTES = 4096;

/**
 * Decodes an HTML document's bytes the way a browser would, with the WHATWG sniffing algorithm
 * (encoding-sniffer): byte order mark, then the Content-Type charset, then a <meta> charset or
 * http-equiv in the first bytes. Without a declaration, UTF-8 when the bytes are valid UTF-8, else
 * windows-1252. A <meta> naming a legacy charset is overruled by bytes that are valid UTF-8 with
 * multi-byte characters: that happens when a page is saved or re-served as UTF-8 with its old <meta>
 * kept, while real legacy text almost never forms valid multi-byte UTF-8.
 */
export function decodeHtml(bytes: Uint8Array, contentType?: string | null): { text: string; charset: string } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const label = charsetParameter(contentType);
  const sniffer = new Sniffer({
    maxBytes: PRESCAN_BYTES,
    transportLayerEncodingLabel: label && iconv.encodingExists(label) ? label : undefined,
  });
  sniffer.write(buffer.subarray(0, PRESCAN_BYTES));
  let charset = sniffer.encoding.toLowerCase();
  if (sniffer.resultType === ResultType.DEFAULT) {
    charset = isValidUtf8(buffer) ? "utf-8" : "windows-1252";
  } else if (
    (sniffer.resultType === ResultType.META_TAG || sniffer.resultType === ResultType.XML_ENCODING) &&
    charset !== "utf-8" &&
    hasMultiByteUtf8(buffer)
  ) {
    charset = "utf-8";
  }
  if (!iconv.encodingExists(charset)) charset = isValidUtf8(buffer) ? "utf-8" : "windows-1252";
  return { text: iconv.decode(buffer, charset, { stripBOM: true }), charset };
}

export function charsetParameter(contentType?: string | null): string | null {
  const match = contentType ? /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType) : null;
  return match?.[1] ?? null;
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

function hasMultiByteUtf8(bytes: Buffer): boolean {
  return bytes.some((byte) => byte >= 0x80) && isValidUtf8(bytes);
}
