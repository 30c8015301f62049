import "server-only";
import { implement, reply } from "@/lib/infra/api/operation";
import { publicEnv } from "@/lib/infra/public-env";
import * as contract from "./contract";
import { createMonitor, deleteMonitor, getMonitor, listChecks, listMonitors, runMonitorNow, updateMonitor } from "./monitors";

export const createMonitorOperation = implement(contract.createMonitor, {
  handle: async ({ caller, body }) => createMonitor(caller.user.id, caller.user.plan, await body()),
});

export const listMonitorsOperation = implement(contract.listMonitors, {
  handle: ({ caller }) => listMonitors(caller.user.id),
});

export const getMonitorOperation = implement(contract.getMonitor, {
  handle: ({ caller, params }) => getMonitor(caller.user.id, params.id),
});

export const updateMonitorOperation = implement(contract.updateMonitor, {
  handle: async ({ caller, params, body }) => updateMonitor(caller.user.id, caller.user.plan, params.id, await body()),
});

export const deleteMonitorOperation = implement(contract.deleteMonitor, {
  async handle({ caller, params }) {
    await deleteMonitor(caller.user.id, params.id);
    return { id: params.id, deleted: true as const };
  },
});

export const runMonitorOperation = implement(contract.runMonitor, {
  async handle({ caller, params }) {
    await runMonitorNow(caller.user.id, params.id);
    const checksUrl = new URL(`/api/monitors/${params.id}/checks`, publicEnv.APP_URL).href;
    return reply(202, { monitor_id: params.id, status: "queued" as const, checks_url: checksUrl }, { location: checksUrl });
  },
});

export const listMonitorChecksOperation = implement(contract.listMonitorChecks, {
  handle: ({ caller, params, query }) => listChecks(caller.user.id, params.id, query),
});
