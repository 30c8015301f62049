import { checkHealth } from "@/lib/health";
import { otherMethods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const GET = route(() => checkHealth());

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
