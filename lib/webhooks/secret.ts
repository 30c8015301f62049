import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/infra/db";

const newSecret = () => `whsec_${randomBytes(32).toString("hex")}`;

/** The user's webhook signing secret, created on first use. */
export async function webhookSecret(userId: number): Promise<string> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { webhookSecret: true } });
  if (user.webhookSecret) return user.webhookSecret;
  // Two first uses at once: only one secret may win, and both callers must return it.
  await db.user.updateMany({ where: { id: userId, webhookSecret: null }, data: { webhookSecret: newSecret() } });
  return (await db.user.findUniqueOrThrow({ where: { id: userId }, select: { webhookSecret: true } })).webhookSecret as string;
}

/** Replaces the secret; deliveries from now on are signed with the new one. */
export async function rotateWebhookSecret(userId: number): Promise<string> {
  const secret = newSecret();
  await db.user.update({ where: { id: userId }, data: { webhookSecret: secret } });
  return secret;
}

export const webhookSecretDto = (secret: string) => ({ secret });
