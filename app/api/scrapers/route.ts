import { listScrapers } from "@/lib/catalogue/queries";
import { otherMethods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

/** The public catalogue. */
export const GET = route(async () => listScrapers());

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
