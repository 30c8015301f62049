"use client";

import { useApiMutation } from "@/client/use-api";
import { Badge } from "@/components/ui/badge";
import { Button, type ButtonSize } from "@/components/ui/button";
import type { LicenseDto } from "@/lib/licenses/dto";
import { licenseReads } from "./queries";

/** docs/product.md#license-status: 'Active' in the default style, 'Inactive' in the destructive style. */
export function LicenseStatusBadge({ isActive }: { isActive: boolean }) {
  return <Badge variant={isActive ? "default" : "destructive"}>{isActive ? "Active" : "Inactive"}</Badge>;
}

/** Deactivate (POST …/deactivate) or Reactivate (PATCH {is_active: true}), reading 'Processing...' while pending. */
export function LicenseStatusButton({ license, size = "sm" }: { license: LicenseDto; size?: ButtonSize }) {
  const notices = {
    refetch: () => licenseReads(license.id),
    success: () => ({ title: "License updated", description: "The license status has been updated successfully." }),
    failure: { title: "Error updating license", fallback: "There was an error updating the license." },
  };
  const deactivate = useApiMutation("POST", "/api/licenses/{id}/deactivate", notices);
  const reactivate = useApiMutation("PATCH", "/api/licenses/{id}", notices);
  const toggle = license.is_active ? deactivate : reactivate;
  const params = { id: license.id };
  return (
    <Button
      variant={license.is_active ? "outline" : "primary"}
      size={size}
      disabled={toggle.isPending}
      onClick={() =>
        license.is_active ? deactivate.mutate({ params }) : reactivate.mutate({ params, body: { is_active: true } })
      }
    >
      {toggle.isPending ? "Processing..." : license.is_active ? "Deactivate" : "Reactivate"}
    </Button>
  );
}
