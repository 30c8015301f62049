// A local web site whose pages need a browser: products drawn by JavaScript from a JSON API, a page that adds its
// JSON-LD late, hostile pages (endless loops and allocations, a thousand frames, service workers, WebSockets,
// popups) and an SSRF probe that aims every kind of request a page can make at one target. And an "internal" server
// that stands for what a page must never reach: it listens on every address of the machine and logs each request.
// Both listen on free ports; the browser reaches the site only with SCRAPER_ALLOW_LOOPBACK (tests, benchmarks).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

export interface BrowserSite {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The paths (with their query) requested so far. */
  received(): string[];
  /** The most product API requests that were open at once (each rendered product page holds one while it loads). */
  peakOpenApiRequests(): number;
  close(): Promise<void>;
}

export interface InternalServer {
  port: number;
  /** Every request that reached it: must stay empty. */
  hits(): string[];
  close(): Promise<void>;
}

/** The product a JavaScript-drawn page shows: the same for the same id. */
export function productOf(id: number) {
  return {
    id,
    name: `Trail Runner ${id}`,
    price: (19.99 + (id % 50)).toFixed(2),
    sku: `TR-${String(id).padStart(5, "0")}`,
    features: ["Breathable mesh", "Recycled sole", `Size range ${36 + (id % 5)}-46`],
  };
}

/** The shell every product page is: nothing to extract until its script has run. */
const PRODUCT_SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Loading…</title>
<link rel="stylesheet" href="/static/shop.css"></head><body><div id="app"><noscript>You need to enable JavaScript to run this app.</noscript></div>
<script src="/static/shop.js" defer></script></body></html>`;

const SHOP_CSS = "body{font:16px system-ui;margin:2rem}h1{font-size:2rem}.price{color:#b00;font-weight:700}";

const SHOP_JS = `(async () => {
  const id = location.pathname.split("/").pop();
  const hold = new URLSearchParams(location.search).get("hold");
  const product = await (await fetch("/api/products/" + id + (hold ? "?hold=" + hold : ""))).json();
  document.title = product.name;
  const app = document.getElementById("app");
  app.innerHTML = "<h1>" + product.name + "</h1><p class=price>$" + product.price + "</p><ul>" +
    product.features.map((feature) => "<li>" + feature + "</li>").join("") + "</ul>";
  const data = document.createElement("script");
  data.type = "application/ld+json";
  data.textContent = JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: product.name, sku: product.sku,
    offers: { "@type": "Offer", price: product.price, priceCurrency: "USD", availability: "https://schema.org/InStock" } });
  document.head.appendChild(data);
  app.dataset.ready = "1";
})();`;

/** Its JSON-LD appears 300 ms after the page is parsed: a plain fetch never sees it. */
const LATE_JSON_LD = `<!doctype html><html><head><title>Late data</title></head><body><h1>Sonora Headphones</h1>
<script>setTimeout(() => {
  const data = document.createElement("script");
  data.type = "application/ld+json";
  data.textContent = JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "Sonora Headphones",
    offers: { "@type": "Offer", price: "129.00", priceCurrency: "EUR" } });
  document.head.appendChild(data);
}, 300);</script></body></html>`;

/** A page; its scripts go at the end of `body`, where document.body exists for what they report. */
const page = (body: string, head = "") =>
  `<!doctype html><html><head><title>Test</title>${head}</head><body>${body}</body></html>`;
const script = (code: string) => `<script>${code}</script>`;
/** Writes what happened into the page, so a test reads it in the rendered HTML. */
const REPORT =
  "const report = (id, text) => document.body.insertAdjacentHTML('beforeend', '<p id=\"' + id + '\">' + text + '</p>');";

const HOSTILE: Record<string, (params: URLSearchParams) => string> = {
  loop: () => page(`<h1>Loop</h1>${script("while (true) {}")}`),
  // Array buffers live outside the JavaScript heap: only the memory watchdog stops them.
  "alloc-buffers": () =>
    page(
      "<h1>Buffers</h1>" +
        script(
          "const keep = []; setInterval(() => { for (let i = 0; i < 8; i++) keep.push(new Uint8Array(32 * 1024 * 1024).fill(7)); }, 20);",
        ),
    ),
  // Plain objects: the renderer's heap limit stops these.
  "alloc-heap": () =>
    page(
      "<h1>Heap</h1>" +
        script("const keep = []; setInterval(() => { for (let i = 0; i < 200000; i++) keep.push({ i, text: 'x' + i }); }, 1);"),
    ),
  frames: (params) =>
    page(
      "<h1>Frames</h1>" +
        script(
          `for (let i = 0; i < ${Number(params.get("n") ?? 1000)}; i++) { const frame = document.createElement("iframe"); frame.src = "/frame?i=" + i; document.body.appendChild(frame); }`,
        ),
    ),
  requests: (params) =>
    page(
      "<h1>Requests</h1>" +
        script(`for (let i = 0; i < ${Number(params.get("n") ?? 1000)}; i++) fetch("/data.json?i=" + i).catch(() => {});`),
    ),
  "service-worker": () =>
    page(
      "<h1>Service worker</h1>" +
        script(
          `${REPORT} if (!navigator.serviceWorker) report("sw", "unavailable"); else navigator.serviceWorker.register("/sw.js").then((registration) => report("sw", registration ? "registered" : "no registration"), (error) => report("sw", "refused: " + error.name));`,
        ),
    ),
  websocket: (params) =>
    page(
      "<h1>WebSocket</h1>" +
        script(
          `${REPORT} const socket = new WebSocket(${JSON.stringify(params.get("to") ?? "")}); socket.onopen = () => report("ws", "open"); socket.onerror = () => report("ws", "error"); socket.onclose = (event) => report("ws-closed", "closed " + event.code);`,
        ),
    ),
  popup: (params) =>
    page(
      "<h1>Popup</h1>" +
        script(
          `${REPORT} const opened = window.open(${JSON.stringify(params.get("to") ?? "/")}); report("popup", String(Boolean(opened)));`,
        ),
    ),
  "navigate-to": (params) =>
    page(`<h1>Leaving</h1>${script(`setTimeout(() => { location.href = ${JSON.stringify(params.get("to") ?? "/")}; }, 50);`)}`),
  permissions: () =>
    page(
      "<h1>Permissions</h1>" +
        script(
          `${REPORT} Notification.requestPermission().then((answer) => report("notification", answer));
        navigator.geolocation.getCurrentPosition(() => report("geolocation", "granted"), (error) => report("geolocation", "error " + error.code));
        navigator.mediaDevices?.getUserMedia({ video: true }).then(() => report("camera", "granted"), (error) => report("camera", error.name));`,
        ),
    ),
  // Each dialog blocks the page's script until someone answers it.
  dialogs: () =>
    page(
      `<h1>Dialogs</h1>${script(`${REPORT} alert("hello"); report("confirm", String(confirm("sure?"))); report("prompt", String(prompt("name?")));`)}`,
    ),
  download: () => page(`<h1>Download</h1>${script("setTimeout(() => { location.href = '/attachment'; }, 20);")}`),
  webrtc: (params) =>
    page(
      "<h1>WebRTC</h1>" +
        script(
          `${REPORT} const peer = new RTCPeerConnection({ iceServers: [{ urls: ${JSON.stringify(params.get("stun") ?? "")} }] });
        const seen = []; peer.onicecandidate = (event) => { if (event.candidate) seen.push(event.candidate.candidate); else report("ice", "candidates: " + seen.length); };
        peer.createDataChannel("x"); peer.createOffer().then((offer) => peer.setLocalDescription(offer));`,
        ),
    ),
  big: (params) =>
    page(
      "<h1>Big</h1>" +
        script(
          `${REPORT} fetch("/bytes?mb=${Number(params.get("mb") ?? 6)}").then((r) => r.text()).then((t) => report("big", t.length), () => report("big", "refused"));`,
        ),
    ),
  "many-big": (params) =>
    page(
      "<h1>Many big</h1>" +
        script(
          `${REPORT} Promise.allSettled(Array.from({ length: ${Number(params.get("n") ?? 8)} }, (_, i) => fetch("/bytes?mb=4&i=" + i).then((r) => r.text()))).then((all) => report("loaded", all.filter((r) => r.status === "fulfilled").length));`,
        ),
    ),
};

/**
 * Every kind of request a page can make, aimed at `target`: elements that load (img, script, style, iframe, object,
 * embed, audio, video, link preload/prefetch/preconnect), CSS (@import, url(), @font-face), fetch, XHR, sendBeacon,
 * EventSource, a worker's fetch, a form post into a frame, a WebSocket and a popup. Writes #done once they have had
 * their chance.
 */
function probePage(target: string): string {
  const t = JSON.stringify(target);
  const a = target.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  const ws = JSON.stringify(target.replace(/^http/, "ws"));
  return page(
    `<img src="${a}?v=img"><script src="${a}?v=script"></script><iframe src="${a}?v=iframe"></iframe>
<object data="${a}?v=object"></object><embed src="${a}?v=embed"><audio src="${a}?v=audio" autoplay></audio><video src="${a}?v=video" autoplay></video>
<div style="background:url('${a}?v=css-url')">x</div><span style="font-family:probe">font</span>
<form method="post" action="${a}?v=form" target="formframe"><input name="a" value="1"></form><iframe name="formframe"></iframe>
${script(`${REPORT}
const target = ${t};
const tries = Object.entries({
  fetch: () => fetch(target + "?v=fetch"),
  "fetch-no-cors": () => fetch(target + "?v=fetch-no-cors", { mode: "no-cors" }),
  xhr: () => new Promise((done) => { const x = new XMLHttpRequest(); x.open("GET", target + "?v=xhr"); x.onloadend = done; x.send(); }),
  worker: () => new Promise((done) => { const w = new Worker(URL.createObjectURL(new Blob(["fetch(" + JSON.stringify(target + "?v=worker") + ").finally(() => postMessage(1))"]))); w.onmessage = done; w.onerror = done; }),
  eventsource: () => new Promise((done) => { const e = new EventSource(target + "?v=eventsource"); e.onerror = () => { e.close(); done(); }; }),
  websocket: () => new Promise((done) => { const s = new WebSocket(${ws} + "?v=websocket"); s.onerror = done; s.onclose = done; }),
}).map(([name, attempt]) => attempt().catch(() => {}).then(() => report("tried-" + name, "settled")));
navigator.sendBeacon(target + "?v=beacon", "x");
window.open(target + "?v=popup");
document.forms[0].submit();
// Chromium leaves a WebSocket to 0.0.0.0 pending for ever (neither open nor failed): wait no longer than 2 s.
Promise.race([Promise.all(tries), new Promise((done) => setTimeout(done, 2000))]).then(() => setTimeout(() => report("done", "tried"), 300));`)}`,
    `<link rel="stylesheet" href="${a}?v=stylesheet"><link rel="preload" as="fetch" href="${a}?v=preload" crossorigin>
<link rel="prefetch" href="${a}?v=prefetch"><link rel="preconnect" href="${a}"><link rel="dns-prefetch" href="${a}">
<style>@import url("${a}?v=css-import"); @font-face { font-family: probe; src: url("${a}?v=font"); }</style>`,
  );
}

export async function startBrowserSite(port = 0): Promise<BrowserSite> {
  const received: string[] = [];
  let openApi = 0;
  let peakOpenApi = 0;
  const server = createServer((request, response) => {
    received.push(request.url ?? "");
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end(String(error));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://site.local");
    const { pathname, searchParams } = url;
    const html = (body: string, status = 200, headers: Record<string, string> = {}) =>
      response.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers }).end(body);

    const product = /^\/products\/(\d+)$/.exec(pathname);
    if (product) return void html(PRODUCT_SHELL);
    const api = /^\/api\/products\/(\d+)$/.exec(pathname);
    if (api) {
      openApi++;
      peakOpenApi = Math.max(peakOpenApi, openApi);
      // Held open while the client is there: a page closed (or a browser killed) ends its request.
      const gone = new AbortController();
      response.on("close", () => gone.abort());
      try {
        const hold = Number(searchParams.get("hold") ?? 0);
        if (hold > 0) await sleep(hold, undefined, { ref: false, signal: gone.signal });
      } catch {
        return;
      } finally {
        openApi--;
      }
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(productOf(Number(api[1]))));
      return;
    }
    if (pathname === "/static/shop.js") return void response.writeHead(200, { "content-type": "text/javascript" }).end(SHOP_JS);
    if (pathname === "/static/shop.css") return void response.writeHead(200, { "content-type": "text/css" }).end(SHOP_CSS);
    if (pathname === "/late-json-ld") return void html(LATE_JSON_LD);
    const hostile = /^\/hostile\/([\w-]+)$/.exec(pathname);
    const make = hostile ? HOSTILE[hostile[1] as string] : undefined;
    if (make) return void html(make(searchParams));
    if (pathname === "/probe") return void html(probePage(searchParams.get("target") ?? "/"));
    if (pathname === "/redirect-to") {
      response.writeHead(Number(searchParams.get("status") ?? 302), { location: searchParams.get("url") ?? "/" }).end();
      return;
    }
    if (pathname === "/redirect-chain") {
      // n hops, each setting a cookie, then /cookies shows which arrived.
      const left = Number(searchParams.get("n") ?? 1);
      const location = left > 1 ? `/redirect-chain?n=${left - 1}` : "/cookies";
      response.writeHead(302, { location, "set-cookie": [`hop${left}=yes; Path=/`] }).end();
      return;
    }
    if (pathname === "/cookies")
      return void html(page(`<h1>Cookies</h1><p id="cookies">${escapeHtml(request.headers.cookie ?? "")}</p>`));
    if (pathname === "/cookies.json")
      return void response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(request.headers.cookie ?? ""));
    if (pathname === "/script-cookie")
      // A cookie the page's script sets, then a fetch of its own: the request the route sees must carry it.
      return void html(
        page(
          script(
            `${REPORT} document.cookie = "script=yes"; fetch("/cookies.json").then((r) => r.json()).then((cookie) => report("sent", cookie));`,
          ),
        ),
      );
    if (pathname === "/status")
      return void html(
        page(`<h1>Status ${searchParams.get("code")}</h1>`),
        Number(searchParams.get("code") ?? 200),
        searchParams.has("retry_after") ? { "retry-after": searchParams.get("retry_after") ?? "" } : {},
      );
    if (pathname === "/json") return void response.writeHead(200, { "content-type": "application/json" }).end('{"not":"html"}');
    if (pathname === "/tall")
      return void html(page('<div style="height:3000px;background:linear-gradient(#fff,#036)">Tall</div>'));
    if (pathname === "/data.json") return void response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    if (pathname === "/frame") return void html(page(`<p>frame ${escapeHtml(searchParams.get("i") ?? "")}</p>`));
    if (pathname === "/sw.js")
      return void response.writeHead(200, { "content-type": "text/javascript" }).end("self.onfetch = () => {};");
    if (pathname === "/attachment") {
      return void response
        .writeHead(200, { "content-type": "text/html", "content-disposition": "attachment; filename=x.html" })
        .end("<h1>file</h1>");
    }
    if (pathname === "/bytes") {
      const size = Number(searchParams.get("mb") ?? 1) * 1024 * 1024;
      return void response.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(size));
    }
    if (pathname === "/slow") {
      await sleep(Number(searchParams.get("ms") ?? 10_000), undefined, { ref: false });
      if (!response.destroyed) html(page("<h1>Finally</h1>"));
      return;
    }
    if (pathname === "/subresource-redirect") {
      // A same-origin script that redirects (to `url`): the hop must be checked like the first request.
      const to = searchParams.get("url") ?? "/static/shop.css";
      return void html(
        page(
          `${script(REPORT)}<script src="/redirect-to?url=${encodeURIComponent(to)}" onload="report('loaded','yes')" onerror="report('loaded','no')"></script>`,
        ),
      );
    }
    html(page("<h1>Not found</h1>"), 404);
  }

  await listen(server, port, "127.0.0.1");
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    received: () => [...received],
    peakOpenApiRequests: () => peakOpenApi,
    close: () => stop(server),
  };
}

/** Listens on every address (IPv4 and IPv6): reachable through 0.0.0.0, [::], the machine's own addresses and loopback. */
export async function startInternalServer(): Promise<InternalServer> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.headers.host ?? ""}${request.url ?? ""}`);
    response.writeHead(200, { "content-type": "text/html" }).end("<h1>internal secret</h1>");
  });
  server.on("connect", (request, socket) => {
    hits.push(`CONNECT ${request.url ?? ""}`);
    socket.destroy();
  });
  server.on("upgrade", (request, socket) => {
    hits.push(`UPGRADE ${request.url ?? ""}`);
    socket.destroy();
  });
  await listen(server, 0, "::");
  return { port: (server.address() as AddressInfo).port, hits: () => [...hits], close: () => stop(server) };
}

/** This machine's own non-loopback addresses (what a page inside it could aim at), IPv6 link-local left out. */
export function machineAddresses(): { v4: string[]; v6: string[] } {
  const all = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
  const external = all.filter((entry) => !entry.internal);
  return {
    v4: external.filter((entry) => entry.family === "IPv4").map((entry) => entry.address),
    v6: external.filter((entry) => entry.family === "IPv6" && !entry.address.startsWith("fe80")).map((entry) => entry.address),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.closeAllConnections();
    server.close((error) => (error ? reject(error) : resolve()));
  });
}
