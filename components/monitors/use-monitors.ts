"use client";

import { apiPath } from "@/client/contract";
import { useApi, useApiMutation } from "@/client/use-api";

/** What every monitor change refetches: the list. */
const monitorList = () => [apiPath("/api/monitors")];

export function useMonitors() {
  return useApi("/api/monitors");
}

export function useCreateMonitor(onCreated: () => void) {
  return useApiMutation("POST", "/api/monitors", {
    onSuccess: onCreated,
    refetch: monitorList,
    success: (monitor) => ({
      title: "Monitor created",
      description: `${monitor.name} is watching ${monitor.urls.length} URL(s).`,
    }),
    failure: { title: "Failed to create monitor" },
  });
}

export function useUpdateMonitor() {
  return useApiMutation("PATCH", "/api/monitors/{id}", {
    refetch: monitorList,
    success: (monitor) => ({ title: monitor.enabled ? "Monitor resumed" : "Monitor paused", description: monitor.name }),
    failure: { title: "Failed to change monitor" },
  });
}

export function useRunMonitor() {
  return useApiMutation("POST", "/api/monitors/{id}/run", {
    refetch: (data) => [monitorList()[0] as string, apiPath("/api/monitors/{id}/checks", { id: data.monitor_id })],
    success: () => ({ title: "Check queued", description: "Its outcome shows in the check history." }),
    failure: { title: "Failed to run monitor" },
  });
}
