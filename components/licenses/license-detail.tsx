"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { formatDate } from "@/lib/infra/format";
import type { LicenseContentDto, LicenseDto } from "@/lib/licenses/dto";
import { AddContentForm } from "./add-content-form";
import { LicenseContentList } from "./license-content-list";
import { LicenseFileDownload } from "./license-file-download";
import { LicenseStatusBadge, LicenseStatusButton } from "./license-status";
import { usageDetail } from "./license-usage";
import { useLicense, useLicenseContent } from "./queries";

/** /licenses/{id}: the server has checked ownership and hands over the first data; mutations refetch it. */
export function LicenseDetail({
  initialLicense,
  initialContent,
}: {
  initialLicense: LicenseDto;
  initialContent: LicenseContentDto[];
}) {
  const { data: license } = useLicense(initialLicense);
  const { data: content } = useLicenseContent(initialLicense.id, initialContent);

  return (
    <div className="space-y-6">
      <BackToDashboard />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <h1 className="truncate text-3xl font-bold tracking-tight">{license.name}</h1>
          <LicenseStatusBadge isActive={license.is_active} />
        </div>
        <LicenseStatusButton license={license} size="md" />
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2">License Details</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <div>
            <p className="mb-1.5 text-sm font-medium text-slate-800">License Key</p>
            <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
              <code className="min-w-0 flex-1 break-all font-mono text-sm">{license.license_key}</code>
              <CopyButton text={license.license_key} label="Copy" announcement="License key copied" />
            </div>
          </div>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact term="Status">{license.is_active ? "Active" : "Inactive"}</Fact>
            {license.expires_at ? <Fact term="Expires">{formatDate(license.expires_at)}</Fact> : null}
            <Fact term="Usage">{usageDetail(license)}</Fact>
            <Fact term="Created">{license.created_at ? formatDate(license.created_at) : "Recently"}</Fact>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Licensed Content</CardTitle>
          <CardDescription>What this license unlocks. Valid verifications return these URLs.</CardDescription>
        </CardHeader>
        <CardContent>
          <LicenseContentList items={content} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Offline License File</CardTitle>
          <CardDescription>For software that must check this license while it cannot reach the internet.</CardDescription>
        </CardHeader>
        <CardContent>
          <LicenseFileDownload license={license} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Add Content</CardTitle>
          <CardDescription>Link a piece of content to this license. URLs must start with http:// or https://.</CardDescription>
        </CardHeader>
        <CardContent>
          <AddContentForm licenseId={license.id} />
        </CardContent>
      </Card>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}

function BackToDashboard() {
  return (
    <Link href="/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline">
      <span aria-hidden="true">←</span> Back to Dashboard
    </Link>
  );
}
