// The monitors API over its route handlers: validation naming the field, plan limits, the schedule kept in step with
// the monitor (created, changed, removed on pause and delete), run now and the check history.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLANS } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { getSchedule } from "@/lib/infra/jobs/schedules";
import { MONITORS_QUEUE } from "@/lib/monitors/monitors";
import { MONITOR_BODY_BYTES } from "@/lib/monitors/schema";
import { bearer, callJson } from "@/test/support/requests";
import { createRunUser, type RunTestUser } from "@/test/support/runs";
import { GET as GET_CHECKS } from "./[id]/checks/route";
import { DELETE, GET as GET_ONE, PATCH } from "./[id]/route";
import { POST as RUN } from "./[id]/run/route";
import { GET, POST } from "./route";

let productScraperId: number;
let proScraperId: number;

beforeAll(async () => {
  productScraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
  proScraperId = (await db.scraper.findFirstOrThrow({ where: { requiredPlan: "pro" } })).id;
});

const daily = { cron: "0 9 * * *", timezone: "Europe/Berlin" };

function create(user: RunTestUser, body: Record<string, unknown>, headers = bearer(user)) {
  return callJson(POST, { method: "POST", path: "/api/monitors", headers, body });
}

function valid(extra: Record<string, unknown> = {}) {
  return { name: "Headphones", scraper_id: productScraperId, url: "https://shop.example.com/p/1", schedule: daily, ...extra };
}

const one = (id: number) => ({ path: `/api/monitors/${id}`, params: { id: String(id) } });

describe("POST /api/monitors", () => {
  it("creates a monitor and its schedule: 201 with the next check from the cron in its time zone", async () => {
    const user = await createRunUser("free");
    const res = await create(user, valid({ fields: ["price"], webhook_url: "http://127.0.0.1:9/hook" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Headphones",
      scraper_id: productScraperId,
      urls: ["https://shop.example.com/p/1"],
      schedule: daily,
      fields: ["price"],
      webhook_url: "http://127.0.0.1:9/hook",
      failure_threshold: 3,
      enabled: true,
      paused_reason: null,
      last_check_at: null,
      consecutive_failures: 0,
    });
    // 09:00 in Berlin is 08:00 UTC in winter.
    expect(res.body.next_check_at).toMatch(/T08:00:00\.000Z$/);
    const schedule = await getSchedule(MONITORS_QUEUE, String(res.body.id));
    expect(schedule).toMatchObject({ spec: { cron: "0 9 * * *", tz: "Europe/Berlin" }, data: { monitorId: res.body.id } });
  });

  it("works with the API key as well as the login token", async () => {
    const user = await createRunUser("free");
    const res = await create(user, valid(), user.keyHeaders);
    expect(res.status).toBe(201);
    const list = await callJson(GET, { path: "/api/monitors", headers: user.keyHeaders });
    expect(list.body.map((monitor: { id: number }) => monitor.id)).toEqual([res.body.id]);
  });

  it.each([
    ["an invalid cron expression", { schedule: { cron: "61 * * * *", timezone: "UTC" } }, "schedule.cron"],
    ["a cron of 4 fields", { schedule: { cron: "* * * *", timezone: "UTC" } }, "schedule.cron"],
    ["an unknown time zone", { schedule: { cron: "0 9 * * *", timezone: "Mars/Olympus" } }, "schedule.timezone"],
    ["an interval below the plan's minimum", { schedule: { interval_ms: 3_600_000 } }, "schedule.interval_ms"],
    ["a cron more often than the plan allows", { schedule: { cron: "0 * * * *", timezone: "UTC" } }, "schedule.cron"],
    [
      "more URLs than the plan watches",
      { url: undefined, urls: ["a", "b", "c", "d", "e", "f"].map((p) => `https://x.example/${p}`) },
      "urls",
    ],
    ["an unknown scraper", { scraper_id: 999_999 }, "scraper_id"],
    ["url and urls together", { urls: ["https://x.example/a"] }, "urls"],
    ["a URL that is not http(s)", { url: "ftp://x.example/a" }, "url"],
    ["no name", { name: " " }, "name"],
  ])("answers 400 naming the field for %s, and makes nothing", async (_, extra, field) => {
    const user = await createRunUser("free");
    const res = await create(user, valid(extra));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(res.body.issues.map((issue: { path: string }) => issue.path)).toContain(field);
    expect(res.body.message.startsWith(`${field}:`)).toBe(true);
    expect(await db.monitor.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses 10,000 URLs with a 400 naming urls (the body has its own 1 MiB cap), and a body past that cap with 413", async () => {
    const user = await createRunUser("business");
    const many = (n: number, prefix = "https://shop.example.com/products/") =>
      Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    const res = await create(user, valid({ url: undefined, urls: many(10_000) }));
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toMatchObject({ path: "urls", message: expect.stringContaining("at most 100") });
    const huge = await create(
      user,
      valid({ url: undefined, urls: many(10_000, `https://shop.example.com/${"p".repeat(100)}/`) }),
    );
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(`Request body must be at most ${MONITOR_BODY_BYTES / 1024} KiB`);
    expect(await db.monitor.count({ where: { userId: user.id } })).toBe(0);
  });

  it("accepts what the plan allows: an hourly interval on Pro, 50 URLs", async () => {
    const user = await createRunUser("pro");
    const urls = Array.from({ length: PLANS.pro.monitorUrls }, (_, i) => `https://x.example/${i}`);
    const res = await create(user, valid({ url: undefined, urls, schedule: { interval_ms: PLANS.pro.monitorMinIntervalMs } }));
    expect(res.status).toBe(201);
    expect(res.body.schedule).toEqual({ interval_ms: 3_600_000 });
    expect(res.body.urls).toHaveLength(50);
  });

  it("refuses a scraper the plan does not include (403) and a private webhook address (422)", async () => {
    const user = await createRunUser("free");
    expect((await create(user, valid({ scraper_id: proScraperId }))).body.code).toBe("plan_required");
    // Rendering every page is Pro's and up: refused at creation, not at each check.
    expect((await create(user, valid({ render: true }))).body.code).toBe("plan_required");
    const blocked = await create(user, valid({ webhook_url: "http://169.254.169.254/hook" }));
    expect(blocked.status).toBe(422);
    expect(await db.monitor.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a monitor beyond the plan's number (409) but takes a paused one", async () => {
    const user = await createRunUser("free");
    for (let i = 0; i < PLANS.free.monitors; i++) expect((await create(user, valid())).status).toBe(201);
    const refused = await create(user, valid());
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("monitor_limit_reached");
    const paused = await create(user, valid({ enabled: false }));
    expect(paused.status).toBe(201);
    expect(paused.body.next_check_at).toBeNull();
    expect(await getSchedule(MONITORS_QUEUE, String(paused.body.id))).toBeNull();
  });

  it("keeps the plan's number exact when creates and resumes arrive at once", async () => {
    const user = await createRunUser("free");
    const paused = await create(user, valid({ enabled: false }));
    const answers = await Promise.all([
      ...Array.from({ length: PLANS.free.monitors + 3 }, () => create(user, valid())),
      callJson(PATCH, { method: "PATCH", ...one(paused.body.id), headers: bearer(user), body: { enabled: true } }),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201 || status === 200)).toHaveLength(PLANS.free.monitors);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.code)).toEqual(
      Array(4).fill("monitor_limit_reached"),
    );
    expect(await db.monitor.count({ where: { userId: user.id, enabled: true } })).toBe(PLANS.free.monitors);
  });
});

describe("GET, PATCH, DELETE /api/monitors/{id}", () => {
  let user: RunTestUser;
  let other: RunTestUser;
  beforeAll(async () => {
    user = await createRunUser("pro");
    other = await createRunUser("pro");
  });

  it("reads the user's own monitor only", async () => {
    const { body } = await create(user, valid());
    expect((await callJson(GET_ONE, { ...one(body.id), headers: bearer(user) })).body).toEqual(body);
    const foreign = await callJson(GET_ONE, { ...one(body.id), headers: bearer(other) });
    expect(foreign.status).toBe(404);
    expect((await callJson(GET_ONE, { path: "/api/monitors/abc", params: { id: "abc" }, headers: bearer(user) })).status).toBe(
      404,
    );
  });

  it("pauses (schedule removed), resumes (schedule back) and changes the schedule", async () => {
    const { body } = await create(user, valid());
    const id = String(body.id);
    const paused = await callJson(PATCH, { method: "PATCH", ...one(body.id), headers: bearer(user), body: { enabled: false } });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ enabled: false, next_check_at: null });
    expect(await getSchedule(MONITORS_QUEUE, id)).toBeNull();
    const resumed = await callJson(PATCH, {
      method: "PATCH",
      ...one(body.id),
      headers: bearer(user),
      body: { enabled: true, schedule: { cron: "30 6 * * 1", timezone: "America/New_York" }, fields: null, name: "Renamed" },
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ enabled: true, name: "Renamed", fields: null });
    expect((await getSchedule(MONITORS_QUEUE, id))?.spec).toEqual({ cron: "30 6 * * 1", tz: "America/New_York" });
    expect(new Date(resumed.body.next_check_at).getUTCDay()).toBe(1);
  });

  it("answers 400 naming the field and changes nothing", async () => {
    const { body } = await create(user, valid());
    const bad = await callJson(PATCH, {
      method: "PATCH",
      ...one(body.id),
      headers: bearer(user),
      body: { name: "New", schedule: { interval_ms: 60_000 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe("schedule.interval_ms");
    expect((await callJson(GET_ONE, { ...one(body.id), headers: bearer(user) })).body.name).toBe("Headphones");
    const unknown = await callJson(PATCH, { method: "PATCH", ...one(body.id), headers: bearer(user), body: { scraper_id: 2 } });
    expect(unknown.status).toBe(400);
  });

  it("deletes the monitor and its schedule", async () => {
    const { body } = await create(user, valid());
    const res = await callJson(DELETE, { method: "DELETE", ...one(body.id), headers: bearer(user) });
    expect(res.body).toEqual({ id: body.id, deleted: true });
    expect(await getSchedule(MONITORS_QUEUE, String(body.id))).toBeNull();
    expect((await callJson(DELETE, { method: "DELETE", ...one(body.id), headers: bearer(user) })).status).toBe(404);
  });
});

describe("POST /api/monitors/{id}/run and GET /api/monitors/{id}/checks", () => {
  let user: RunTestUser;
  beforeAll(async () => {
    user = await createRunUser("pro");
  });
  afterAll(async () => {
    await db.monitor.deleteMany({ where: { userId: user.id } });
  });

  it("answers 409 while a check runs, and 409 for a paused monitor", async () => {
    const { body } = await create(user, valid());
    // A check under way: its worker renews its lease.
    await db.monitorCheck.create({
      data: { monitorId: body.id, status: "running", dueAt: new Date(), leaseUntil: new Date(Date.now() + 60_000) },
    });
    const busy = await callJson(RUN, {
      method: "POST",
      path: `/api/monitors/${body.id}/run`,
      params: { id: String(body.id) },
      headers: bearer(user),
    });
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe("check_running");
    await callJson(PATCH, { method: "PATCH", ...one(body.id), headers: bearer(user), body: { enabled: false } });
    const paused = await callJson(RUN, {
      method: "POST",
      path: `/api/monitors/${body.id}/run`,
      params: { id: String(body.id) },
      headers: bearer(user),
    });
    expect(paused.status).toBe(409);
    expect(paused.body.code).toBe("monitor_paused");
  });

  it("pages the checks newest first", async () => {
    const { body } = await create(user, valid());
    for (let i = 0; i < 3; i++) {
      await db.monitorCheck.create({ data: { monitorId: body.id, status: "same", dueAt: new Date(), finishedAt: new Date() } });
    }
    const page = await callJson(GET_CHECKS, {
      path: `/api/monitors/${body.id}/checks?per_page=2&page=1`,
      params: { id: String(body.id) },
      headers: bearer(user),
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 1, per_page: 2, total: 3, has_more: true });
    expect(page.body.data[0].id).toBeGreaterThan(page.body.data[1].id);
    const bad = await callJson(GET_CHECKS, {
      path: `/api/monitors/${body.id}/checks?per_page=0`,
      params: { id: String(body.id) },
      headers: bearer(user),
    });
    expect(bad.status).toBe(400);
  });
});
