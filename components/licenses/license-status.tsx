"use client";

import { useMutation } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button, type ButtonSize } from "@/components/ui/button";
import { apiRequest, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import type { LicenseDto } from "@/lib/licenses/dto";
import { licensePath, useRefetchLicense } from "./queries";

/** docs/product.md#license-status: 'Active' in the default style, 'Inactive' in the destructive style. */
export function LicenseStatusBadge({ isActive }: { isActive: boolean }) {
  return <Badge variant={isActive ? "default" : "destructive"}>{isActive ? "Active" : "Inactive"}</Badge>;
}

/** Deactivate (POST …/deactivate) or Reactivate (PATCH {is_active: true}), reading 'Processing...' while pending. */
export function LicenseStatusButton({ license, size = "sm" }: { license: LicenseDto; size?: ButtonSize }) {
  const refetch = useRefetchLicense();
  const toggle = useMutation({
    mutationFn: () =>
      license.is_active
        ? apiRequest<LicenseDto>("POST", `${licensePath(license.id)}/deactivate`)
        : apiRequest<LicenseDto>("PATCH", licensePath(license.id), { is_active: true }),
    onSuccess: async () => {
      await refetch(license.id);
      notify.success("License updated", "The license status has been updated successfully.");
    },
    onError: (error) => notify.error("Error updating license", errorMessage(error, "There was an error updating the license.")),
  });
  return (
    <Button
      variant={license.is_active ? "outline" : "primary"}
      size={size}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate()}
    >
      {toggle.isPending ? "Processing..." : license.is_active ? "Deactivate" : "Reactivate"}
    </Button>
  );
}
