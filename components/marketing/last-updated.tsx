"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};
// A string per calendar day, so React sees the same snapshot on every render of that day.
const today = () => new Date().toDateString();

/**
 * docs/product.md#legal-pages: legal pages show the current date as 'last updated'. The pages are static HTML, so the date is
 * rendered in the browser (the visitor's own day) rather than frozen at build time.
 */
export function LastUpdated() {
  const day = useSyncExternalStore(noSubscription, today, () => null);
  const date = day ? new Date(day) : null;
  return (
    <p className="mt-4 text-sm text-slate-600">
      Last updated:{" "}
      {date ? (
        <time dateTime={date.toLocaleDateString("en-CA")}>
          {date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" })}
        </time>
      ) : (
        <span className="inline-block w-32" />
      )}
    </p>
  );
}
