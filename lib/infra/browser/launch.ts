import "server-only";
import { accessSync, chmodSync, constants, mkdtempSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium } from "playwright-core";
import { log } from "@/lib/infra/log";
import { renderingUnavailable } from "./errors";
import { PLAIN_CHROMIUM_ARGS } from "./flags";
import { LAUNCH_TIMEOUT_MS } from "./limits";

/**
 * The browser's only way out to the network: a proxy on 127.0.0.1 that hangs up on every connection. Every request a
 * page makes is routed and answered by our own fetcher (egress.ts), so nothing should ever reach it; what does is what
 * Playwright lets through unrouted (a redirect's next hop, requests it cannot tie to a frame, a favicon), what is not
 * an HTTP request (WebSocket, WebRTC over TCP, preconnect) and Chromium's own background traffic. All of it fails here
 * instead of reaching whatever the browser could reach. It counts them, for the tests and the log.
 */
export interface BlackHole {
  port: number;
  /** Connections received so far. */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startBlackHole(): Promise<BlackHole> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
    // The first line names what escaped (CONNECT host:443, GET http://…): worth a debug line, never an answer.
    socket.once("data", (chunk) => {
      log.debug(
        { request: chunk.toString("latin1").split("\r\n", 1)[0] },
        "browser: connection outside the routed requests refused",
      );
      socket.destroy();
    });
    socket.setTimeout(1_000, () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The flags every Chromium here starts with (PLAIN_CHROMIUM_ARGS: no GPU, none of Chromium's background services, no
 * QUIC) and what a renderer of hostile pages needs on top: all traffic to the black hole, loopback included
 * (`<-loopback>` removes Chromium's implicit bypass, so http://127.0.0.1 goes to the proxy too), no name resolution of
 * its own, WebRTC only through that proxy (so no UDP to anywhere), a heap limit per renderer, and /dev/shm left alone
 * (containers give it 64 MB).
 */
export function chromiumArgs(proxyPort: number, rendererHeapMb: number): string[] {
  return [
    ...PLAIN_CHROMIUM_ARGS,
    "--disable-breakpad",
    "--disable-dev-shm-usage",
    `--proxy-server=http://127.0.0.1:${proxyPort}`,
    "--proxy-bypass-list=<-loopback>",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
    "--webrtc-ip-handling-policy=disable_non_proxied_udp",
    `--js-flags=--max-old-space-size=${rendererHeapMb}`,
  ];
}

/** Chromium refuses its sandbox to root; anyone else gets it. */
const runsAsRoot = () => process.getuid?.() === 0;

/** The niceness Chromium runs at: below the process that hosts the pool (0), which answers every request it makes. */
export const CHROMIUM_NICENESS = 10;

const launchers = new Map<string, string>();

/**
 * A script that starts `executablePath` at CHROMIUM_NICENESS and, as root, without CAP_SYS_NICE. Why: Chromium raises
 * its display and renderer threads to nice -8 when it may, and root may; measured here, 50 of its threads ran above
 * the Node process that hosts the pool (nice 0). On two cores, busy renderers then starve the event loop that answers
 * their requests (and, where the pool shares the web process, /api/health). Without the capability its attempts fail
 * and everything stays at 10. Where setpriv or nice is missing, Chromium starts as it is.
 *
 * Niceness alone was not enough: Playwright starts Chromium in a session of its own, and a kernel that shares CPU
 * between sessions first (sched_autogroup, on by default in most distributions) gave that session as much CPU as the
 * app's whatever its processes' niceness. The script sets the session's own niceness too (bench:render's health p99
 * while rendering: +74 ms over idle without it, +3.7 ms with it).
 */
export function launcherFor(executablePath: string): string {
  const existing = launchers.get(executablePath);
  if (existing) return existing;
  const tool = (name: string) => ["/usr/bin", "/bin"].map((dir) => path.join(dir, name)).find(isExecutable);
  const nice = tool("nice");
  const setpriv = tool("setpriv");
  let launcher = executablePath;
  if (nice && (setpriv || !runsAsRoot())) {
    const quoted = `'${executablePath.replace(/'/g, "'\\''")}'`;
    const drop = runsAsRoot() && setpriv ? `${setpriv} --bounding-set=-sys_nice ` : "";
    launcher = path.join(mkdtempSync(path.join(tmpdir(), "scrapedeck-chromium-")), "chromium");
    writeFileSync(
      launcher,
      [
        "#!/bin/sh",
        // Playwright starts the browser in a session of its own (setsid), and where the kernel groups processes by
        // session (sched_autogroup), niceness only ranks processes within their group: the group, Chromium's, would
        // still get as much CPU as the app's. So the group itself gets the niceness, when it is Chromium's own.
        "{ read -r _ _ _ _ _ session _ < /proc/$$/stat; } 2>/dev/null",
        `[ "$session" = "$$" ] && { echo ${CHROMIUM_NICENESS} > /proc/self/autogroup; } 2>/dev/null`,
        `exec ${drop}${nice} -n ${CHROMIUM_NICENESS} ${quoted} "$@"`,
        "",
      ].join("\n"),
    );
    chmodSync(launcher, 0o755);
  }
  launchers.set(executablePath, launcher);
  return launcher;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export async function launchChromium(executablePath: string, proxyPort: number, rendererHeapMb: number): Promise<Browser> {
  if (!isExecutable(executablePath)) {
    log.error({ executablePath }, "browser: Chromium is not installed (apt-get install chromium, or set CHROMIUM_PATH)");
    throw renderingUnavailable("no browser is installed");
  }
  try {
    return await chromium.launch({
      executablePath: launcherFor(executablePath),
      args: chromiumArgs(proxyPort, rendererHeapMb),
      chromiumSandbox: !runsAsRoot(),
      // Playwright turns Chromium's popup blocker off for tests that click; ours opens nothing a script asks for.
      ignoreDefaultArgs: ["--disable-popup-blocking"],
      timeout: LAUNCH_TIMEOUT_MS,
      // The hosting process has its own shutdown (it closes the pool); Playwright's handlers would exit it.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    log.error({ err: error, executablePath }, "browser: Chromium failed to start");
    throw renderingUnavailable("the browser failed to start", error);
  }
}
