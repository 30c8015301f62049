import { accessSync, constants } from "node:fs";
import { env } from "@/lib/infra/env";

/**
 * Whether this machine has the Chromium the browser tests drive (CHROMIUM_PATH, else Debian's headless shell or
 * /usr/bin/chromium). Where it has not, those tests are skipped with this message rather than failed: `apt-get install
 * -y chromium-headless-shell` (.ci/run does).
 */
export const chromiumInstalled = (() => {
  try {
    accessSync(env.CHROMIUM_PATH, constants.X_OK);
    return true;
  } catch {
    console.warn(
      `Browser tests skipped: no Chromium at ${env.CHROMIUM_PATH} (apt-get install -y chromium-headless-shell, or set CHROMIUM_PATH).`,
    );
    return false;
  }
})();
