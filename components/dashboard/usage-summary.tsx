"use client";

// Placeholder until its issue lands: the dashboard shell renders it already.
export function UsageSummary() {
  return <p className="text-slate-600">Usage are coming soon.</p>;
}
