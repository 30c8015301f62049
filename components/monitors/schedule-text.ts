import { formatDuration } from "@/lib/infra/duration";
import type { MonitorDto } from "@/lib/monitors/schema";

/** "0 9 * * * (Europe/Berlin)" or "every 1 hour". */
export function scheduleText(schedule: MonitorDto["schedule"]): string {
  return "cron" in schedule ? `${schedule.cron} (${schedule.timezone})` : `every ${formatDuration(schedule.interval_ms)}`;
}

/** A time as the dashboard shows it, in the viewer's own zone. */
export function whenText(iso: string | null, timeZone?: string): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", ...(timeZone ? { timeZone } : {}) });
}
