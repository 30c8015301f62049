"use client";

// Placeholder until its issue lands: the dashboard shell renders it already.
export function ApiKeysTab() {
  return <p className="text-slate-600">API Keys are coming soon.</p>;
}
