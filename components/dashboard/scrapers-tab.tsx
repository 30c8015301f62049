"use client";

// Placeholder until its issue lands: the dashboard shell renders it already.
export function ScrapersTab() {
  return <p className="text-slate-600">Available Scrapers are coming soon.</p>;
}
