"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError, Input, Label } from "@/components/ui/form-controls";
import { apiRequest, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import type { LicenseDto } from "@/lib/licenses/dto";
import {
  LICENSE_NAME_MAX,
  type LicenseFormPayload,
  type LicenseFormValues,
  licenseFormSchema,
  localDay,
  MISSING_NAME_MESSAGE,
} from "@/lib/licenses/schemas";
import { LICENSES_PATH, useRefetchLicense } from "./queries";

const EMPTY: LicenseFormValues = { name: "", expires_on: "", max_usage: "" };

export function GenerateLicenseForm() {
  const refetch = useRefetchLicense();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(licenseFormSchema), defaultValues: EMPTY });

  const create = useMutation({
    mutationFn: (payload: LicenseFormPayload) => apiRequest<LicenseDto>("POST", LICENSES_PATH, payload),
    onSuccess: async (license) => {
      reset(EMPTY);
      await refetch();
      notify.success("License created", `"${license.name}" is ready to share.`);
    },
    onError: (error) => notify.error("Error creating license", errorMessage(error, "There was an error creating your license.")),
  });

  const onSubmit = handleSubmit(
    (payload) => create.mutate(payload),
    (invalid) => {
      // docs/product.md#validation: a blank name is the 'Missing information' notice, not a field message.
      if (invalid.name) notify.error("Missing information", MISSING_NAME_MESSAGE);
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Generate License</CardTitle>
        <CardDescription>Create a license key for content you distribute.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Generate license">
          <div>
            <Label htmlFor="license-name">License name</Label>
            <Input
              id="license-name"
              maxLength={LICENSE_NAME_MAX}
              placeholder="e.g. Premium course bundle"
              {...register("name")}
            />
          </div>
          <div>
            <Label htmlFor="license-expires-on">Expiration date (optional)</Label>
            <Input
              id="license-expires-on"
              type="date"
              min={localDay(new Date())}
              aria-invalid={errors.expires_on ? true : undefined}
              aria-describedby={errors.expires_on ? "license-expires-on-error" : "license-expires-on-hint"}
              {...register("expires_on")}
            />
            <p id="license-expires-on-hint" className="mt-1 text-xs text-slate-500">
              Valid through the end of that day. Leave empty for no expiry.
            </p>
            <FieldError id="license-expires-on-error" message={errors.expires_on?.message} />
          </div>
          <div>
            <Label htmlFor="license-max-usage">Maximum usage (optional)</Label>
            <Input
              id="license-max-usage"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              placeholder="Unlimited"
              aria-invalid={errors.max_usage ? true : undefined}
              aria-describedby={errors.max_usage ? "license-max-usage-error" : "license-max-usage-hint"}
              {...register("max_usage")}
            />
            <p id="license-max-usage-hint" className="mt-1 text-xs text-slate-500">
              Successful verifications allowed. Leave empty for unlimited.
            </p>
            <FieldError id="license-max-usage-error" message={errors.max_usage?.message} />
          </div>
          <Button type="submit" className="w-full" disabled={create.isPending}>
            {create.isPending ? "Generating..." : "Generate License"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
