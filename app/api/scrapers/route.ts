import { listScrapers } from "@/lib/catalogue/queries";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

/** The public catalogue. */
export const GET = route(async () => listScrapers());
