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
    loaded ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
    );
    return (await loaded)(values, context, options);
  };
}
