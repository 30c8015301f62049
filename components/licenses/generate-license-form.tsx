"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { notify } from "@/client/notify";
import { useApiMutation } from "@/client/use-api";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/form-controls";
import { FormField } from "@/components/ui/form-field";
import {
  LICENSE_NAME_MAX,
  type LicenseFormValues,
  licenseFormSchema,
  localDay,
  MISSING_NAME_MESSAGE,
} from "@/lib/licenses/schemas";
import { licenseReads } from "./queries";

const EMPTY: LicenseFormValues = { name: "", expires_on: "", max_usage: "" };

export function GenerateLicenseForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(licenseFormSchema), defaultValues: EMPTY });

  const create = useApiMutation("POST", "/api/licenses", {
    onSuccess: () => reset(EMPTY),
    refetch: () => licenseReads(),
    success: (license) => ({ title: "License created", description: `"${license.name}" is ready to share.` }),
    failure: { title: "Error creating license", fallback: "There was an error creating your license." },
  });

  const onSubmit = handleSubmit(
    (payload) => create.mutate({ body: payload }),
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
          <FormField id="license-name" label="License name">
            {(control) => (
              <Input maxLength={LICENSE_NAME_MAX} placeholder="e.g. Premium course bundle" {...control} {...register("name")} />
            )}
          </FormField>
          <FormField
            id="license-expires-on"
            label="Expiration date (optional)"
            description="Valid through the end of that day. Leave empty for no expiry."
            error={errors.expires_on?.message}
          >
            {(control) => <Input type="date" min={localDay(new Date())} {...control} {...register("expires_on")} />}
          </FormField>
          <FormField
            id="license-max-usage"
            label="Maximum usage (optional)"
            description="Successful verifications allowed. Leave empty for unlimited."
            error={errors.max_usage?.message}
          >
            {(control) => (
              <Input
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                placeholder="Unlimited"
                {...control}
                {...register("max_usage")}
              />
            )}
          </FormField>
          <Button type="submit" className="w-full" disabled={create.isPending}>
            {create.isPending ? "Generating..." : "Generate License"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
