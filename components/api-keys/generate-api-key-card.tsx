"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/form-controls";
import { FormField } from "@/components/ui/form-field";
import type { CreatedApiKeyDto } from "@/lib/api-keys/dto";
import { type CreateApiKeyInput, createApiKeySchema, MAX_API_KEYS_PER_USER } from "@/lib/api-keys/schema";
import { useCreateApiKey } from "./use-api-keys";

export function GenerateApiKeyCard({ atLimit, onCreated }: { atLimit: boolean; onCreated: (key: CreatedApiKeyDto) => void }) {
  const form = useForm<CreateApiKeyInput>({ resolver: zodResolver(createApiKeySchema), defaultValues: { description: "" } });
  const create = useCreateApiKey((key) => {
    onCreated(key);
    form.reset();
  });
  const descriptionError = form.formState.errors.description?.message;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Generate a new key</CardTitle>
        <CardDescription>Use one key per application, so you can revoke one without touching the others.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit((input) => create.mutate({ body: input }))} className="space-y-4">
          <FormField id="api-key-description" label="Description (optional)" error={descriptionError}>
            {(control) => (
              <Input placeholder="e.g. Production server" autoComplete="off" {...control} {...form.register("description")} />
            )}
          </FormField>
          {atLimit ? (
            <p className="text-sm text-slate-600">
              You have {MAX_API_KEYS_PER_USER} keys, the most an account can hold. Delete one to generate another.
            </p>
          ) : null}
          <Button type="submit" className="w-full" disabled={create.isPending || atLimit}>
            {create.isPending ? "Generating..." : "Generate API Key"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
