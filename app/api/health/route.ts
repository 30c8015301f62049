import { checkHealth } from "@/lib/health";
import { route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const GET = route(() => checkHealth());
