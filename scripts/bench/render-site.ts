// bench:render's fixture site in a process of its own, as a real site would be: the measured process then does only the
// rendering. Prints its origin once listening.
import { startBrowserSite } from "@/test/support/browser-site";

const site = await startBrowserSite(Number(process.argv[2] ?? 0));
process.send?.(site.url);
process.on("disconnect", () => void site.close().then(() => process.exit(0)));
