import { listScrapers } from "@/lib/catalogue/queries";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

/** The public catalogue. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: route(async () => listScrapers()) });
