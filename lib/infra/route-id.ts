/**
 * docs/product.md#route-ids: a route id is read as an integer; missing or non-numeric reads as 0, and 0 or less is not found.
 * Returns the id, or 0 when it names nothing. Pure, so pages (client or server) and route handlers share it.
 */
export function routeId(raw: string | string[] | undefined): number {
  const text = typeof raw === "string" ? raw : "";
  const id = /^\d{1,15}$/.test(text) ? Number(text) : 0;
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}
