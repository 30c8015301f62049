"use client";

import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import type { LicenseDto } from "@/lib/licenses/dto";
import { LicenseStatusBadge, LicenseStatusButton } from "./license-status";
import { usageSummary } from "./license-usage";
import { useLicenses } from "./queries";

export function LicenseList() {
  const { data: licenses, isPending, isError } = useLicenses();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your Licenses</CardTitle>
        <CardDescription>Share a license key; partners verify it with one public call.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="space-y-3">
            <p className="sr-only">Loading licenses…</p>
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : isError ? (
          <p className="text-sm text-red-600">Your licenses could not be loaded. Please reload the page.</p>
        ) : licenses.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
            <p className="font-medium">No Licenses</p>
            <p className="mt-1 text-sm text-slate-600">Generate your first license with the form.</p>
          </div>
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
