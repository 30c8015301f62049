import "server-only";
import { implement } from "@/lib/infra/api/operation";
import { checkHealth } from "./check";
import * as contract from "./contract";
import { checkReadiness } from "./readiness";

/** Load balancers and uptime monitors call it every few seconds per instance: one SELECT 1. */
export const getHealthOperation = implement(contract.getHealth, { handle: () => checkHealth() });

/** Load balancers and orchestrators deciding whether to send this instance work (docs/api.md#health-and-readiness). */
export const getReadinessOperation = implement(contract.getReadiness, { handle: () => checkReadiness() });
