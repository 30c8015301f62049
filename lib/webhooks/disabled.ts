import "server-only";
import type { DisabledWebhookUrl } from "@/lib/generated/prisma-sqlite/client";
import { db } from "@/lib/infra/db";

// Webhook addresses whose receiver answered 410 Gone (docs/api.md#410-gone): the receiver says the endpoint is gone
// for good, so the user's later deliveries to it are recorded as not attempted instead of being retried for two hours.

/** The unique-constraint violation of an address disabled twice at once. */
const UNIQUE_VIOLATION = "P2002";

export async function disableWebhookUrl(userId: number, url: string, eventId: string): Promise<void> {
  try {
    await db.disabledWebhookUrl.upsert({
      where: { userId_url: { userId, url } },
      create: { userId, url, eventId },
      update: {},
    });
  } catch (error) {
    // Another delivery to the same address was answered 410 at the same moment: it is disabled either way.
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
  }
}

export async function isWebhookUrlDisabled(userId: number, url: string): Promise<boolean> {
  return (await db.disabledWebhookUrl.findUnique({ where: { userId_url: { userId, url } }, select: { id: true } })) !== null;
}

export function listDisabledWebhookUrls(userId: number): Promise<DisabledWebhookUrl[]> {
  return db.disabledWebhookUrl.findMany({ where: { userId }, orderBy: [{ disabledAt: "desc" }, { id: "desc" }] });
}

/** Lets deliveries to the address be attempted again (deliveries skipped meanwhile stay skipped); false when it was not disabled. */
export async function enableWebhookUrl(userId: number, url: string): Promise<boolean> {
  return (await db.disabledWebhookUrl.deleteMany({ where: { userId, url } })).count > 0;
}
