"use client";

import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/list-states";
import type { LicenseContentDto } from "@/lib/licenses/dto";

const LINKS = [
  ["download_url", "Download"],
  ["access_url", "Access"],
  ["api_endpoint", "API Endpoint"],
] as const;

export function LicenseContentList({ items }: { items: LicenseContentDto[] }) {
  if (items.length === 0) {
    return <EmptyState title="No content associated">Add content below; valid verifications return its URLs.</EmptyState>;
  }
  return (
    <ul className="divide-y divide-slate-200" aria-label="Licensed content">
      {items.map((item) => (
        <li
          key={item.id}
          className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex items-center gap-2">
            <span className="font-medium">{item.content_type}</span>
            <Badge variant="secondary">ID: {item.content_id}</Badge>
          </div>
          <div className="flex flex-wrap gap-3 text-sm">
            {LINKS.map(([field, label]) => {
              const url = item[field];
              return url ? (
                <a
                  key={field}
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-600 underline underline-offset-2"
                >
                  {label}
                </a>
              ) : null;
            })}
          </div>
        </li>
      ))}
    </ul>
  );
}
