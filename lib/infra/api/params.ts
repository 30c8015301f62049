import { z } from "zod";

// Path parameters as the contract declares them. Route ids are integers (docs/product.md#route-ids): anything that
// is not a positive integer names nothing, so a malformed id is answered like an unknown one, 404 "<Thing> not found".

const NOT_FOUND_MESSAGES = new WeakMap<z.ZodObject, string>();

/** `{id}`: the id of one of `what`s (a scraper, a run…), a positive integer. */
export function idParam(what: string) {
  const schema = z.object({
    id: z
      .number()
      .int()
      .positive()
      .meta({ description: `The ${what}'s id.`, example: 1 }),
  });
  NOT_FOUND_MESSAGES.set(schema, `${what.charAt(0).toUpperCase()}${what.slice(1)} not found`);
  return schema;
}

/** The not_found message of a path that names nothing, for declarations made with idParam(). */
export function notFoundMessage(params: z.ZodObject): string {
  return NOT_FOUND_MESSAGES.get(params) ?? "Not found";
}
