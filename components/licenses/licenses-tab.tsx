"use client";

// Placeholder until its issue lands: the dashboard shell renders it already.
export function LicensesTab() {
  return <p className="text-slate-600">Licenses are coming soon.</p>;
}
