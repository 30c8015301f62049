// Runs the app's server (npm start, npm run dev): scripts/serve.ts, the edge in front of Next, in a process of
// its own so that it starts with the environment prepared here. The child gets this process's environment plus
// what libraries that read process.env themselves need: next-auth takes its origin from NEXTAUTH_URL, which
// lib/infra/env.ts defaults to APP_URL, the app's one documented setting for it.
import { spawn } from "node:child_process";
import path from "node:path";
import { env } from "@/lib/infra/env";

export function nextServerEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { NEXT_TELEMETRY_DISABLED: "1", ...process.env, NEXTAUTH_URL: env.NEXTAUTH_URL, ...overrides };
}

/** The server on PORT (`--dev` for next dev), stopped with this process, which exits with its code. */
export function serveNext(args: string[], childEnv: NodeJS.ProcessEnv): void {
  const serve = path.resolve(import.meta.dirname, "serve.ts");
  // node itself with tsx's loader, not npx: signals then reach the server, with no wrapper process in between.
  const server = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", serve, ...args], {
    stdio: "inherit",
    env: childEnv,
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}
