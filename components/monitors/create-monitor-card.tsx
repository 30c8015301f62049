"use client";

import { type FormEvent, useId, useMemo, useState } from "react";
import { useApi } from "@/client/use-api";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, Textarea } from "@/components/ui/form-controls";
import { FormField } from "@/components/ui/form-field";
import { PLANS } from "@/lib/config/plans";
import { formatDuration, MINUTE_MS } from "@/lib/infra/duration";
import { canonicalTimeZone, nextRuns, scheduleIssues } from "@/lib/infra/jobs/schedule-spec";
import { createMonitorSchema } from "@/lib/monitors/schema";
import { whenText } from "./schedule-text";
import { useCreateMonitor } from "./use-monitors";

/** How many upcoming checks the cron helper lists. */
const PREVIEW_RUNS = 5;

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};

/**
 * docs/product.md#monitors-tab: name, scraper, URLs (one per line), a cron expression in a time zone or an interval,
 * the fields that count, a webhook. The cron helper lists the next five checks as the server will compute them.
 */
export function CreateMonitorCard() {
  const scrapers = useApi("/api/scrapers");
  const plan = PLANS[useApi("/api/usage").data?.plan ?? "free"];
  const [mode, setMode] = useState<"cron" | "interval">("cron");
  const [name, setName] = useState("");
  const [scraperId, setScraperId] = useState("");
  const [urls, setUrls] = useState("");
  const [cron, setCron] = useState("0 9 * * *");
  const [timezone, setTimezone] = useState(browserZone);
  const [minutes, setMinutes] = useState(String(plan.monitorMinIntervalMs / MINUTE_MS));
  const [fields, setFields] = useState("");
  const [webhookUrl, setWebhookUrl] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateMonitor(() => {
    setName("");
    setUrls("");
    setFields("");
    setErrors({});
  });
  const modeId = useId();

  const spec = useMemo(
    () => (mode === "cron" ? { cron, tz: timezone } : { everyMs: Math.round(Number(minutes) * MINUTE_MS) }),
    [mode, cron, timezone, minutes],
  );
  // The helper: what is wrong with the schedule under the plan, or its next checks.
  const preview = useMemo(() => {
    const issues = scheduleIssues(spec, { minIntervalMs: plan.monitorMinIntervalMs });
    if (issues.length > 0) return { issue: issues[0]?.message ?? "", runs: [] };
    return { issue: null, runs: nextRuns(spec, PREVIEW_RUNS) };
  }, [spec, plan.monitorMinIntervalMs]);
  const zone = mode === "cron" ? (canonicalTimeZone(timezone) ?? undefined) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      name,
      scraper_id: Number(scraperId),
      urls: urls
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
      schedule: mode === "cron" ? { cron, timezone } : { interval_ms: Math.round(Number(minutes) * MINUTE_MS) },
      ...(fields.trim()
        ? {
            fields: fields
              .split(",")
              .map((field) => field.trim())
              .filter(Boolean),
          }
        : {}),
      ...(webhookUrl.trim() ? { webhook_url: webhookUrl.trim() } : {}),
    };
    const parsed = createMonitorSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ""), issue.message])));
      return;
    }
    setErrors({});
    create.mutate({ body: parsed.data });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Create a monitor</CardTitle>
        <CardDescription>
          Runs a scraper on a schedule and tells you what changed. The {plan.name} plan checks at most every{" "}
          {formatDuration(plan.monitorMinIntervalMs)}, {plan.monitorUrls} URLs per monitor; each check's runs count against your
          monthly quota.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-4" aria-label="Create a monitor">
          <FormField id="monitor-name" label="Name" error={errors.name}>
            {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
          </FormField>
          <FormField id="monitor-scraper" label="Scraper" error={errors.scraper_id}>
            {(control) => (
              <select
                {...control}
                value={scraperId}
                onChange={(e) => setScraperId(e.target.value)}
                className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
              >
                <option value="">Choose a scraper</option>
                {scrapers.data?.map((scraper) => (
                  <option key={scraper.id} value={scraper.id}>
                    {scraper.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="monitor-urls" label="URLs, one per line" error={errors.urls}>
            {(control) => (
              <Textarea
                {...control}
                value={urls}
                onChange={(e) => setUrls(e.target.value)}
                placeholder="https://shop.example.com/p/1"
              />
            )}
          </FormField>
          <fieldset className="space-y-3">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">Schedule</legend>
            <div className="flex gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name={modeId} checked={mode === "cron"} onChange={() => setMode("cron")} /> Cron expression
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name={modeId} checked={mode === "interval"} onChange={() => setMode("interval")} /> Interval
              </label>
            </div>
            {mode === "cron" ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField id="monitor-cron" label="Cron (minute hour day month weekday)" error={errors.schedule}>
                  {(control) => (
                    <Input {...control} value={cron} onChange={(e) => setCron(e.target.value)} className="font-mono" />
                  )}
                </FormField>
                <FormField id="monitor-timezone" label="Time zone">
                  {(control) => <Input {...control} value={timezone} onChange={(e) => setTimezone(e.target.value)} />}
                </FormField>
              </div>
            ) : (
              <FormField id="monitor-interval" label="Every (minutes)" error={errors.schedule}>
                {(control) => (
                  <Input {...control} type="number" min={1} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
                )}
              </FormField>
            )}
            <div aria-live="polite" className="rounded-md bg-slate-50 px-3 py-2 text-sm" data-testid="schedule-preview">
              {preview.issue ? (
                <p className="text-red-700">Schedule: {preview.issue}</p>
              ) : (
                <>
                  <p className="font-medium text-slate-800">
                    Next {PREVIEW_RUNS} checks{zone ? ` (${zone})` : ""}
                  </p>
                  <ol className="mt-1 list-decimal pl-5 text-slate-700">
                    {preview.runs.map((run) => (
                      <li key={run.getTime()}>
                        <time dateTime={run.toISOString()}>{whenText(run.toISOString(), zone)}</time>
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </div>
          </fieldset>
          <FormField
            id="monitor-fields"
            label="Fields that count (optional)"
            description="Comma-separated item fields, such as price, availability. Empty: every field."
            error={errors.fields}
          >
            {(control) => <Input {...control} value={fields} onChange={(e) => setFields(e.target.value)} />}
          </FormField>
          <FormField id="monitor-webhook" label="Webhook URL (optional)" error={errors.webhook_url}>
            {(control) => <Input {...control} type="url" value={webhookUrl} onChange={(e) => setWebhookUrl(e.target.value)} />}
          </FormField>
          <Button type="submit" className="w-full" disabled={create.isPending}>
            {create.isPending ? "Creating..." : "Create Monitor"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
