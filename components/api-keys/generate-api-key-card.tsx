"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError, Input, Label } from "@/components/ui/form-controls";
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
        <form noValidate onSubmit={form.handleSubmit((input) => create.mutate(input))} className="space-y-4">
          <div>
            <Label htmlFor="api-key-description">Description (optional)</Label>
            <Input
              id="api-key-description"
              placeholder="e.g. Production server"
              autoComplete="off"
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={descriptionError ? "api-key-description-error" : undefined}
              {...form.register("description")}
            />
            <FieldError id="api-key-description-error" message={descriptionError} />
          </div>
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
