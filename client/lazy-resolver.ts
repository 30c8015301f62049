import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

/**
 * A react-hook-form resolver for a zod schema that loads zod, the schema and the resolver on the first validation
 * (the first submit) instead of with the page: public forms stay light to load (docs/decisions.md#javascript-budget).
 * Validation, messages and the schema are the very same as with `zodResolver(schema)`.
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType>): Resolver<T> {
  let loaded: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loaded ??= import("zod/v4/core").then(async ({ config }) => {
      // Zod 4 probes `new Function` for its compiled parser when a schema is built; our CSP has no 'unsafe-eval', so
      // the probe would be refused and reported as a policy violation. Jitless parsing gives the same results, and it
      // must be set before the schema module is evaluated.
      config({ jitless: true });
      const [{ zodResolver }, schema] = await Promise.all([import("@hookform/resolvers/zod"), loadSchema()]);
      return zodResolver(schema as never) as unknown as Resolver<T>;
    });
    return (await loaded)(values, context, options);
  };
}
