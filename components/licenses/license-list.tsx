"use client";

import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, LoadError, LoadingRows } from "@/components/ui/list-states";
import { formatDate } from "@/lib/infra/format";
import type { LicenseDto } from "@/lib/licenses/dto";
import { LicenseStatusBadge, LicenseStatusButton } from "./license-status";
import { usageSummary } from "./license-usage";
import { useLicenses } from "./queries";

export function LicenseList() {
  const { data: licenses, isPending, isError, error, refetch } = useLicenses();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your Licenses</CardTitle>
        <CardDescription>Share a license key; partners verify it with one public call.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <LoadingRows label="Loading licenses…" count={2} rowClassName="h-20 w-full" />
        ) : isError ? (
          <LoadError what="your licenses" error={error} onRetry={() => refetch()} />
        ) : licenses.length === 0 ? (
          <EmptyState title="No Licenses">Generate your first license with the form.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Licenses">
            {licenses.map((license) => (
              <LicenseListItem key={license.id} license={license} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function LicenseListItem({ license }: { license: LicenseDto }) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex items-center gap-2">
          <h3 className="truncate font-medium">{license.name}</h3>
          <LicenseStatusBadge isActive={license.is_active} />
        </div>
        <p className="text-sm text-slate-600">
          Usage: {usageSummary(license)}
          {license.expires_at ? ` · Expires ${formatDate(license.expires_at)}` : ""}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <ButtonLink href={`/licenses/${license.id}`} variant="secondary" size="sm">
          Manage Content
        </ButtonLink>
        <LicenseStatusButton license={license} />
      </div>
    </li>
  );
}
