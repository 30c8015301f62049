import { checkReadiness } from "@/lib/health/readiness";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: route(() => checkReadiness()) });
