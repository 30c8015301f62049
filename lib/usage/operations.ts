import "server-only";
import { implement } from "@/lib/infra/api/operation";
import * as contract from "./contract";
import { getUsageSummary } from "./summary";

export const getUsageOperation = implement(contract.getUsage, { handle: ({ caller }) => getUsageSummary(caller.user.id) });
