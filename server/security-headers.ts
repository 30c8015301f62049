import { createHash } from "node:crypto";

/**
 * The security headers of every answer, pages and API alike: the one place they are decided
 * (docs/architecture.md#the-edge). The edge server sets them before anything else runs, so Next's own pages,
 * its 404s and errors, static files and the edge's own answers all carry them.
 */
export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Older browsers that ignore CSP's frame-ancestors.
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    // Only over https: a browser that saw HSTS over plain http would ignore it anyway, and a local http run
    // must not pin localhost to https.
    ...(https ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/** The CSP of answers that are not HTML documents (JSON, images, scripts): nothing may run or frame them. */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The CSP of an HTML page: scripts only from our origin plus the page's own inline scripts, allowed by their
 * SHA-256 (Next inlines its RSC payload and bootstrap as <script> elements). Hashes rather than nonces keep
 * static pages static: the same cached HTML always has the same hashes. `dev` adds what `next dev` needs
 * (eval for React Refresh, the HMR websocket).
 */
export function documentCsp(scriptHashes: Iterable<string>, { dev }: { dev: boolean }): string {
  const hashes = [...new Set(scriptHashes)].map((hash) => `'sha256-${hash}'`);
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(" ")}${dev ? " 'unsafe-eval'" : ""}`.trimEnd(),
    // React and Tailwind set style attributes; styles cannot run code, so inline ones are allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** SHA-256 (base64) of every inline script of an HTML document; scripts with a src need no hash. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes = "", body = ""] = match;
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    if (body === "") continue;
    hashes.push(createHash("sha256").update(body, "utf8").digest("base64"));
  }
  return hashes;
}
