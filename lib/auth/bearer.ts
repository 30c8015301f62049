/** The credential of an `Authorization: Bearer <credential>` header, or null for any other form. */
export function bearerCredential(authorization: string | null | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? "")?.[1] ?? null;
}
