// Runs `next` as the app's server (npm start, npm run dev). The child gets this process's environment plus what
// libraries that read process.env themselves need: next-auth takes its origin from NEXTAUTH_URL, which
// lib/env.ts defaults to APP_URL, the app's one documented setting for it.
import { spawn } from "node:child_process";
import path from "node:path";
import { env } from "../lib/env";

export function nextServerEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { NEXT_TELEMETRY_DISABLED: "1", ...process.env, NEXTAUTH_URL: env.NEXTAUTH_URL, ...overrides };
}

/**
 * `next <args>` on PORT (`start` runs scripts/app-server.ts, Next behind the hot paths), stopped with this process,
 * which exits with its code.
 */
export function serveNext(args: string[], childEnv: NodeJS.ProcessEnv): void {
  const command =
    args[0] === "start" ? ["tsx", path.resolve(import.meta.dirname, "app-server.ts")] : ["next", ...args, "-p", String(env.PORT)];
  const server = spawn("npx", command, { stdio: "inherit", env: childEnv });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}
