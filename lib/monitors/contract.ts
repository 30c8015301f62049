import { z } from "zod";
import { ANY_CALLER } from "@/lib/auth/access";
import { PLAN_LIST } from "@/lib/config/plans";
import { CALLER, CALLER_WRITE, jsonBodyErrors } from "@/lib/infra/api/errors";
import { operation } from "@/lib/infra/api/operation";
import { idParam } from "@/lib/infra/api/params";
import { formatDuration } from "@/lib/infra/duration";
import { webhookEvent } from "@/lib/webhooks/events";
import {
  checkPageSchema,
  checkQueuedSchema,
  createMonitorSchema,
  deletedMonitorSchema,
  listChecksQuerySchema,
  MONITOR_BODY_BYTES,
  monitorChangedEventSchema,
  monitorFailedEventSchema,
  monitorSchema,
  updateMonitorSchema,
} from "./schema";

// Monitors (docs/architecture.md#operations): pages watched over time, checked on a schedule, each check compared
// with the last one. Implemented in operations.ts.

const exampleUrl = "https://shop.example.com/products/headphones";

const exampleMonitor = {
  id: 12,
  name: "Headphones price",
  scraper_id: 1,
  urls: [exampleUrl],
  schedule: { cron: "0 9 * * *", timezone: "Europe/Berlin" },
  fields: ["price", "availability"],
  webhook_url: "https://hooks.example.com/scrapedeck",
  failure_threshold: 3,
  enabled: true,
  paused_reason: null,
  next_check_at: "2026-11-29T08:00:00.000Z",
  last_check_at: "2026-11-28T08:00:00.000Z",
  consecutive_failures: 0,
  created_at: "2026-11-20T10:00:00.000Z",
  updated_at: "2026-11-28T08:00:01.200Z",
};

const exampleCheck = {
  id: 301,
  monitor_id: 12,
  status: "changed",
  manual: false,
  due_at: "2026-11-28T08:00:00.000Z",
  created_at: "2026-11-28T08:00:00.020Z",
  finished_at: "2026-11-28T08:00:01.200Z",
  error: null,
  results: [
    {
      url: exampleUrl,
      status: "changed",
      run_id: 1042,
      error: null,
      items: {
        changes: [{ kind: "changed", key: `url=${exampleUrl}`, changes: [{ field: "price", before: 199.99, after: 179 }] }],
        unchanged: 0,
      },
      markdown: null,
      price: 179,
    },
  ],
};

const limitsText = PLAN_LIST.map(
  (plan) =>
    `${plan.name}: ${plan.monitors} monitors, ${plan.monitorUrls} URLs each, checks at most every ${formatDuration(plan.monitorMinIntervalMs)}`,
).join("; ");

const NOT_FOUND = { not_found: "You have no monitor with this id." } as const;

export const createMonitor = operation({
  method: "POST",
  path: "/api/monitors",
  operationId: "createMonitor",
  tag: "monitors",
  summary: "Creates a monitor: a scraper run on one or more URLs on a schedule, each check compared with the last.",
  description: `The schedule is a 5-field cron expression in an IANA time zone ({"cron": "0 9 * * *", "timezone": "Europe/Berlin"}) or an interval ({"interval_ms": 3600000}, first check at once). Plan limits — ${limitsText}. Each check runs the scraper on every URL as ordinary runs: they count against your monthly quota like any other. fields limits which item fields count as a change; webhook_url receives monitor.changed and monitor.failed (after failure_threshold failed checks in a row).`,
  access: ANY_CALLER,
  body: {
    schema: createMonitorSchema,
    maxBytes: MONITOR_BODY_BYTES,
    example: {
      name: "Headphones price",
      scraper_id: 1,
      urls: [exampleUrl],
      schedule: { cron: "0 9 * * *", timezone: "Europe/Berlin" },
      fields: ["price", "availability"],
      webhook_url: "https://hooks.example.com/scrapedeck",
    },
  },
  success: { status: 201, description: "The monitor.", schema: monitorSchema, example: exampleMonitor },
  errors: {
    ...CALLER_WRITE,
    ...jsonBodyErrors(MONITOR_BODY_BYTES),
    validation_error:
      "A field breaks a rule — an invalid cron expression, an unknown time zone, an interval below your plan's minimum, more URLs than your plan watches, an unknown scraper_id; `issues` names each field.",
    plan_required: "Your plan does not include this scraper.",
    blocked_webhook_url: "webhook_url is a private or internal address.",
    monitor_limit_reached: "Your plan's monitors are all running: pause or delete one first.",
  },
});

export const listMonitors = operation({
  method: "GET",
  path: "/api/monitors",
  operationId: "listMonitors",
  tag: "monitors",
  summary: "Your monitors, newest first.",
  access: ANY_CALLER,
  success: { status: 200, description: "The monitors.", schema: z.array(monitorSchema), example: [exampleMonitor] },
  errors: CALLER,
  notAllowedHints: { DELETE: "Delete one monitor with DELETE /api/monitors/{id}" },
});

export const getMonitor = operation({
  method: "GET",
  path: "/api/monitors/{id}",
  operationId: "getMonitor",
  tag: "monitors",
  summary: "One of your monitors, with its next check.",
  access: ANY_CALLER,
  pathParams: idParam("monitor"),
  success: { status: 200, description: "The monitor.", schema: monitorSchema, example: exampleMonitor },
  errors: { ...CALLER, ...NOT_FOUND },
});

export const updateMonitor = operation({
  method: "PATCH",
  path: "/api/monitors/{id}",
  operationId: "updateMonitor",
  tag: "monitors",
  summary:
    'Changes a monitor: the fields given change, null clears fields and webhook_url. "enabled": false pauses it (no checks), true resumes it within your plan\'s limits.',
  access: ANY_CALLER,
  pathParams: idParam("monitor"),
  body: { schema: updateMonitorSchema, example: { enabled: false }, maxBytes: MONITOR_BODY_BYTES },
  success: {
    status: 200,
    description: "The monitor as changed.",
    schema: monitorSchema,
    example: { ...exampleMonitor, enabled: false, next_check_at: null },
  },
  errors: {
    ...CALLER_WRITE,
    ...jsonBodyErrors(MONITOR_BODY_BYTES),
    ...NOT_FOUND,
    validation_error: "A field breaks a rule (as on creation); `issues` names each field.",
    plan_required: "Your plan no longer includes this monitor's scraper.",
    blocked_webhook_url: "webhook_url is a private or internal address.",
    monitor_limit_reached: "Resuming it would run more monitors than your plan allows.",
  },
});

export const deleteMonitor = operation({
  method: "DELETE",
  path: "/api/monitors/{id}",
  operationId: "deleteMonitor",
  tag: "monitors",
  summary: "Deletes a monitor, its schedule and its check history. Its runs stay in your run history.",
  access: ANY_CALLER,
  pathParams: idParam("monitor"),
  success: { status: 200, description: "The monitor is gone.", schema: deletedMonitorSchema, example: { id: 12, deleted: true } },
  errors: { ...CALLER_WRITE, ...NOT_FOUND },
});

export const runMonitor = operation({
  method: "POST",
  path: "/api/monitors/{id}/run",
  operationId: "runMonitor",
  tag: "monitors",
  summary: "Checks the monitor now, out of its schedule (its next scheduled check stays). Read the outcome in its checks.",
  access: ANY_CALLER,
  pathParams: idParam("monitor"),
  success: {
    status: 202,
    description: "The check is queued.",
    schema: checkQueuedSchema,
    example: { monitor_id: 12, status: "queued", checks_url: "https://scrapedeck.example/api/monitors/12/checks" },
  },
  errors: {
    ...CALLER_WRITE,
    ...NOT_FOUND,
    check_running: "A check of this monitor is running; wait for it to end.",
    monitor_paused: "The monitor is paused: enable it first.",
  },
  notAllowedHints: { GET: "Read the monitor's checks with GET /api/monitors/{id}/checks" },
});

export const listMonitorChecks = operation({
  method: "GET",
  path: "/api/monitors/{id}/checks",
  operationId: "listMonitorChecks",
  tag: "monitors",
  summary: "The monitor's checks, newest first, one page at a time, each with every URL's outcome and changes.",
  description:
    "A check's status: running, new (nothing earlier to compare with), same, changed, failed (every URL's run failed, or the monitor was paused), skipped_quota (your monthly quota was used up: no run started) or skipped_overlap (the previous check was still running). Each URL: new, same, changed, removed (no longer watched) or failed; item changes are {field, before, after}, numbers compared as numbers; reordering alone is no change.",
  access: ANY_CALLER,
  pathParams: idParam("monitor"),
  query: listChecksQuerySchema,
  success: {
    status: 200,
    description: "One page of checks.",
    schema: checkPageSchema,
    example: { data: [exampleCheck], page: 1, per_page: 20, total: 1, has_more: false },
  },
  errors: { ...CALLER, ...NOT_FOUND, validation_error: "page or per_page is not a whole number in range." },
});

export const MONITORS_CONTRACT = [
  createMonitor,
  listMonitors,
  getMonitor,
  updateMonitor,
  deleteMonitor,
  runMonitor,
  listMonitorChecks,
] as const;

// The webhooks monitors send, to the monitor's webhook_url.

export const monitorChanged = webhookEvent({
  type: "monitor.changed",
  summary: "A check found a change since the one before: data is the monitor and the check, with every URL's changes.",
  data: monitorChangedEventSchema,
  example: { monitor: exampleMonitor, check: exampleCheck },
});

export const monitorFailed = webhookEvent({
  type: "monitor.failed",
  summary:
    "A monitor needs you: failure_threshold checks in a row failed (failures_in_a_row, once per streak), the monthly quota is used up so checks are skipped (quota_exceeded, once a month), or your plan no longer allows it and it was paused (paused).",
  data: monitorFailedEventSchema,
  example: {
    monitor: { ...exampleMonitor, consecutive_failures: 3 },
    check: {
      ...exampleCheck,
      status: "failed",
      results: [
        {
          url: exampleUrl,
          status: "failed",
          run_id: 1050,
          error: { code: "upstream_error", message: "The target site answered with an error." },
          items: null,
          markdown: null,
          price: null,
        },
      ],
    },
    reason: "failures_in_a_row",
    message: "3 checks in a row failed: The target site answered with an error.",
  },
});

export const MONITORS_WEBHOOK_EVENTS = [monitorChanged, monitorFailed] as const;
