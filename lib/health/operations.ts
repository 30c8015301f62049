import "server-only";
import { implement } from "@/lib/infra/api/operation";
import { checkHealth } from "./check";
import * as contract from "./contract";

/** Load balancers and uptime monitors call it every few seconds per instance: one SELECT 1. */
export const getHealthOperation = implement(contract.getHealth, { handle: () => checkHealth() });
