import pino from "pino";
import { env } from "@/lib/infra/env";

export const log = pino({ level: env.LOG_LEVEL, base: undefined });
