"use client";

import { useApiMutation } from "@/client/use-api";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/infra/format";
import type { LicenseDto } from "@/lib/licenses/dto";
import { LICENSE_FILE_TTL_SECONDS } from "@/lib/licenses/schemas";

const DEFAULT_TTL_DAYS = LICENSE_FILE_TTL_SECONDS.default / 86_400;

/** `<license name>.lic`, with what a file name cannot hold replaced. */
export function licenseFileName(name: string): string {
  const safe = name
    .replace(/[^\p{L}\p{N} ._-]+/gu, "-")
    .replace(/^[\s.-]+|[\s.-]+$/g, "")
    .slice(0, 100);
  return `${safe || "license"}.lic`;
}

/** Hands the browser the text as a file download, without a page load. */
function saveAs(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/x-scrapedeck-license" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has taken the blob's address; let the browser start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * 'Download license file' (POST /api/licenses/{id}/file): a signed file partners check offline with the public key
 * (docs/api.md#license-files). An inactive license gets no new file: the button is disabled and says why.
 */
export function LicenseFileDownload({ license }: { license: LicenseDto }) {
  const issue = useApiMutation("POST", "/api/licenses/{id}/file", {
    onSuccess: (file) => saveAs(file.license_file, licenseFileName(license.name)),
    success: (file) => ({ title: "License file downloaded", description: `Valid until ${formatDate(file.expires_at)}.` }),
    failure: { title: "Error downloading license file", fallback: "There was an error issuing the license file." },
  });
  const noteId = `license-file-note-${license.id}`;
  return (
    <div className="space-y-3">
      <p id={noteId} className="text-sm text-slate-600">
        {license.is_active
          ? `A signed file your customers' software checks with our public key alone, without reaching ScrapeDeck. It is valid for ${DEFAULT_TTL_DAYS} days, never past the license's expiry, and stays valid until then even if you deactivate the license.`
          : "This license is inactive, so it gets no new license file. Files downloaded before stay valid until they expire. Reactivate the license to download one."}
      </p>
      <Button
        variant="outline"
        disabled={!license.is_active || issue.isPending}
        aria-describedby={noteId}
        onClick={() => issue.mutate({ params: { id: license.id }, body: {} })}
      >
        {issue.isPending ? "Preparing..." : "Download license file"}
      </Button>
    </div>
  );
}
