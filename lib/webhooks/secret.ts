import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/infra/db";
import { listDisabledWebhookUrls } from "./disabled";
import type { WebhookSecretDto } from "./schema";

const newSecret = () => `whsec_${randomBytes(32).toString("hex")}`;

/** How long after a rotation webhook-signature still carries the previous secret's signature too. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** The user's webhook signing secret, created on first use. */
export async function webhookSecret(userId: number): Promise<string> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { webhookSecret: true } });
  if (user.webhookSecret) return user.webhookSecret;
  // Two first uses at once: only one secret may win, and both callers must return it.
  await db.user.updateMany({ where: { id: userId, webhookSecret: null }, data: { webhookSecret: newSecret() } });
  return (await db.user.findUniqueOrThrow({ where: { id: userId }, select: { webhookSecret: true } })).webhookSecret as string;
}

/** The secrets a delivery is signed with: the current one, then the previous one within 24 h of a rotation. */
export async function webhookSigningSecrets(userId: number, now: Date = new Date()): Promise<[string, ...string[]]> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { webhookSecret: true, webhookSecretPrevious: true, webhookSecretRotatedAt: true },
  });
  const current = user.webhookSecret ?? (await webhookSecret(userId));
  const previous = user.webhookSecretPrevious;
  const rotatedAt = user.webhookSecretRotatedAt;
  return previous && rotatedAt && now.getTime() - rotatedAt.getTime() < ROTATION_OVERLAP_MS ? [current, previous] : [current];
}

/**
 * Replaces the secret; ScrapeDeck-Signature uses the new one from now on, webhook-signature both for 24 h. The
 * replaced secret is kept as the previous one, by a conditional UPDATE, so two rotations at once keep a secret
 * that really signed.
 */
export async function rotateWebhookSecret(userId: number, now: Date = new Date()): Promise<string> {
  for (;;) {
    const { webhookSecret: current } = await db.user.findUniqueOrThrow({
      where: { id: userId },
      select: { webhookSecret: true },
    });
    const secret = newSecret();
    const { count } = await db.user.updateMany({
      where: { id: userId, webhookSecret: current },
      data: { webhookSecret: secret, webhookSecretPrevious: current, webhookSecretRotatedAt: current ? now : null },
    });
    if (count === 1) return secret;
  }
}

/** GET /api/webhooks/secret's answer (and the rotation's, with the new secret): the secret and the disabled addresses. */
export async function webhookSecretDto(userId: number, secret?: string): Promise<WebhookSecretDto> {
  const disabled = await listDisabledWebhookUrls(userId);
  return {
    secret: secret ?? (await webhookSecret(userId)),
    disabled_urls: disabled.map((entry) => ({
      url: entry.url,
      disabled_at: entry.disabledAt.toISOString(),
      event_id: entry.eventId,
    })),
  };
}
