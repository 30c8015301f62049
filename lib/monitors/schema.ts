// The monitors API's payloads (docs/api.md#monitors): one zod schema each, shared by the dashboard's form, the
// operations and the contract. Plan limits (URLs per monitor, the shortest schedule) depend on the caller and are
// checked in monitors.ts, naming the same fields.
import { z } from "zod";
import { PLAN_LIST } from "@/lib/config/plans";
import { isHttpUrl, listRunsQuerySchema, MAX_RUN_URL_LENGTH, webhookUrlSchema } from "@/lib/runs/schema";
import { runOptionsFields } from "@/lib/scrapers/run-options";

/** The most URLs any plan lets one monitor watch: the schema's own cap (a plan's is checked against the caller). */
export const MAX_MONITOR_URLS = Math.max(...PLAN_LIST.map((plan) => plan.monitorUrls));
/**
 * The body cap of creating or changing a monitor, above the shared 64 KiB: room for a list far past
 * MAX_MONITOR_URLS (10,000 short URLs), so that too many URLs is a 400 naming urls, not a 413 for the bytes.
 */
export const MONITOR_BODY_BYTES = 1024 * 1024;
export const MAX_MONITOR_NAME_LENGTH = 100;
export const MAX_MONITOR_FIELDS = 50;
export const DEFAULT_FAILURE_THRESHOLD = 3;
export const MAX_FAILURE_THRESHOLD = 100;

/** What a check ended as (docs/product.md#monitors); `running` while it runs. */
export const CHECK_STATUSES = ["running", "new", "same", "changed", "failed", "skipped_quota", "skipped_overlap"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** One URL's outcome in a check (lib/monitors/compare.ts). */
export const URL_STATUSES = ["new", "same", "changed", "removed", "failed"] as const;

const httpUrl = (field: string) =>
  z
    .string({ error: `${field} must be an http(s) URL` })
    .trim()
    .min(1, `${field} must be an http(s) URL`)
    .max(MAX_RUN_URL_LENGTH, `${field} must be at most ${MAX_RUN_URL_LENGTH} characters`)
    .refine(isHttpUrl, `${field} must be an http(s) URL`);

/**
 * A monitor's schedule: a 5-field cron expression read in an IANA time zone, or a fixed interval. Whether the
 * expression parses, the zone exists and the rhythm is within the caller's plan is checked with the plan
 * (lib/infra/jobs/schedule-spec.ts), naming schedule.cron, schedule.timezone or schedule.interval_ms.
 */
export const scheduleSchema = z.union(
  [
    z.strictObject({
      cron: z.string({ error: "schedule.cron must be a cron expression" }).trim().min(1, "schedule.cron is required"),
      timezone: z.string({ error: "schedule.timezone must be an IANA time zone" }).trim().default("UTC"),
    }),
    z.strictObject({
      interval_ms: z
        .number({ error: "schedule.interval_ms must be a whole number of milliseconds" })
        .int("schedule.interval_ms must be a whole number of milliseconds")
        .positive("schedule.interval_ms must be positive"),
    }),
  ],
  {
    error: 'schedule must be {"cron": "<5 fields>", "timezone": "<IANA zone>"} or {"interval_ms": <milliseconds>}',
  },
);
export type ScheduleInput = z.infer<typeof scheduleSchema>;

const nameSchema = z
  .string({ error: "name is required" })
  .trim()
  .min(1, "name is required")
  .max(MAX_MONITOR_NAME_LENGTH, `name must be at most ${MAX_MONITOR_NAME_LENGTH} characters`);

const urlsSchema = z
  .array(httpUrl("each URL"), { error: "urls must be a list of http(s) URLs" })
  .min(1, "urls must hold at least one URL")
  .max(MAX_MONITOR_URLS, `urls holds at most ${MAX_MONITOR_URLS} URLs (your plan may allow fewer)`);

const fieldsSchema = z
  .array(z.string().trim().min(1, "a field name is not empty").max(100), {
    error: "fields must be a list of item field names",
  })
  .min(1, "fields lists at least one field (leave it out for all of them)")
  .max(MAX_MONITOR_FIELDS, `fields lists at most ${MAX_MONITOR_FIELDS} names`);

const failureThresholdSchema = z
  .number({ error: "failure_threshold must be a whole number" })
  .int("failure_threshold must be a whole number")
  .min(1, "failure_threshold must be at least 1")
  .max(MAX_FAILURE_THRESHOLD, `failure_threshold must be at most ${MAX_FAILURE_THRESHOLD}`);

const enabledSchema = z.boolean({ error: "enabled must be true or false" });

/** The body of POST /api/monitors: `url` or `urls`, one of them. */
export const createMonitorSchema = z
  .strictObject({
    name: nameSchema,
    scraper_id: z
      .number({ error: "scraper_id must be the id of a scraper" })
      .int("scraper_id must be the id of a scraper")
      .positive("scraper_id must be the id of a scraper"),
    url: httpUrl("url").optional(),
    urls: urlsSchema.optional(),
    schedule: scheduleSchema,
    fields: fieldsSchema.optional(),
    webhook_url: webhookUrlSchema.optional(),
    failure_threshold: failureThresholdSchema.default(DEFAULT_FAILURE_THRESHOLD),
    enabled: enabledSchema.default(true),
    // What every check's runs are asked beyond the URL (formats, rendering…), as a run request takes it.
    ...runOptionsFields,
  })
  .refine((body) => (body.url === undefined) !== (body.urls === undefined), {
    message: "give url (one page) or urls (a list), one of them",
    path: ["urls"],
  });
export type CreateMonitorRequest = z.infer<typeof createMonitorSchema>;

/** The body of PATCH /api/monitors/{id}: what is given changes; null clears fields and webhook_url. */
export const updateMonitorSchema = z
  .strictObject({
    name: nameSchema.optional(),
    url: httpUrl("url").optional(),
    urls: urlsSchema.optional(),
    schedule: scheduleSchema.optional(),
    fields: fieldsSchema.nullable().optional(),
    webhook_url: webhookUrlSchema.nullable().optional(),
    failure_threshold: failureThresholdSchema.optional(),
    enabled: enabledSchema.optional(),
    ...runOptionsFields,
  })
  .refine((body) => body.url === undefined || body.urls === undefined, {
    message: "give url or urls, not both",
    path: ["urls"],
  });
export type UpdateMonitorRequest = z.infer<typeof updateMonitorSchema>;

/** GET /api/monitors/{id}/checks?page=&per_page= (newest first), as runs are paged. */
export const listChecksQuerySchema = listRunsQuerySchema;
export type ListChecksQuery = z.infer<typeof listChecksQuerySchema>;

// ─── Answers ─────────────────────────────────────────────────────────────────────────────────────────────────

const timestamp = z.iso.datetime();

export const monitorScheduleSchema = z.union([
  z.strictObject({ cron: z.string(), timezone: z.string() }),
  z.strictObject({ interval_ms: z.number().int().positive() }),
]);

export const monitorSchema = z
  .strictObject({
    id: z.number().int().positive(),
    name: z.string(),
    scraper_id: z.number().int().positive(),
    urls: z.array(z.string()),
    schedule: monitorScheduleSchema,
    fields: z.array(z.string()).nullable(),
    webhook_url: z.string().nullable(),
    failure_threshold: z.number().int().positive(),
    enabled: z.boolean(),
    paused_reason: z
      .string()
      .nullable()
      .meta({ description: "Why we paused the monitor (its plan no longer allows it); null when it runs or you paused it." }),
    next_check_at: timestamp.nullable().meta({ description: "The next scheduled check; null while paused." }),
    last_check_at: timestamp.nullable(),
    consecutive_failures: z.number().int().nonnegative(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Monitor" });
export type MonitorDto = z.output<typeof monitorSchema>;

const itemSchema = z.record(z.string(), z.unknown());

export const fieldChangeSchema = z.strictObject({ field: z.string(), before: z.unknown(), after: z.unknown() });

export const itemChangeSchema = z.union([
  z.strictObject({ kind: z.literal("added"), key: z.string(), item: itemSchema }),
  z.strictObject({ kind: z.literal("removed"), key: z.string(), item: itemSchema }),
  z.strictObject({ kind: z.literal("changed"), key: z.string(), changes: z.array(fieldChangeSchema) }),
]);

export const checkUrlResultSchema = z
  .strictObject({
    url: z.string(),
    status: z.enum(URL_STATUSES),
    run_id: z.number().int().positive().nullable(),
    error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
    items: z.strictObject({ changes: z.array(itemChangeSchema), unchanged: z.number().int().nonnegative() }).nullable(),
    markdown: z
      .strictObject({ patch: z.string().nullable(), added_lines: z.number().int(), removed_lines: z.number().int() })
      .nullable(),
    price: z.number().nullable().meta({ description: "The first item's price, for product scrapers; null otherwise." }),
  })
  .meta({ id: "MonitorCheckUrl" });
export type CheckUrlResult = z.output<typeof checkUrlResultSchema>;

export const checkSchema = z
  .strictObject({
    id: z.number().int().positive(),
    monitor_id: z.number().int().positive(),
    status: z.enum(CHECK_STATUSES),
    manual: z.boolean(),
    due_at: timestamp,
    created_at: timestamp,
    finished_at: timestamp.nullable(),
    error: z.string().nullable(),
    results: z.array(checkUrlResultSchema),
  })
  .meta({ id: "MonitorCheck" });
export type CheckDto = z.output<typeof checkSchema>;

export const checkPageSchema = z.strictObject({
  data: z.array(checkSchema),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  has_more: z.boolean(),
});

export const deletedMonitorSchema = z.strictObject({ id: z.number().int().positive(), deleted: z.literal(true) });

export const checkQueuedSchema = z.strictObject({
  monitor_id: z.number().int().positive(),
  status: z.literal("queued"),
  checks_url: z.string(),
});

export const MONITOR_FAILED_REASONS = ["failures_in_a_row", "quota_exceeded", "paused"] as const;

export const monitorChangedEventSchema = z.strictObject({ monitor: monitorSchema, check: checkSchema });
export const monitorFailedEventSchema = z.strictObject({
  monitor: monitorSchema,
  check: checkSchema,
  reason: z.enum(MONITOR_FAILED_REASONS),
  message: z.string(),
});
