"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useApiMutation } from "@/client/use-api";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/form-controls";
import { FormField } from "@/components/ui/form-field";
import { addLicenseContentSchema } from "@/lib/licenses/schemas";
import { licenseReads } from "./queries";

const FIELDS = [
  { name: "content_type", label: "Content type", placeholder: "e.g. video, ebook, software", type: "text" },
  { name: "content_id", label: "Content ID", placeholder: "e.g. course-101", type: "text" },
  { name: "download_url", label: "Download URL (optional)", placeholder: "https://…", type: "url" },
  { name: "access_url", label: "Access URL (optional)", placeholder: "https://…", type: "url" },
  { name: "api_endpoint", label: "API endpoint (optional)", placeholder: "https://…", type: "url" },
] as const;

const EMPTY = { content_type: "", content_id: "", download_url: "", access_url: "", api_endpoint: "" };

export function AddContentForm({ licenseId }: { licenseId: number }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(addLicenseContentSchema), defaultValues: EMPTY });

  const add = useApiMutation("POST", "/api/licenses/{id}/content", {
    onSuccess: () => reset(EMPTY),
    refetch: () => licenseReads(licenseId),
    success: (item) => ({
      title: "Content added",
      description: `${item.content_type} ${item.content_id} is now part of this license.`,
    }),
    failure: { title: "Error adding content", fallback: "There was an error adding content to this license." },
  });

  return (
    <form
      onSubmit={handleSubmit((payload) => add.mutate({ params: { id: licenseId }, body: payload }))}
      noValidate
      aria-label="Add content"
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <FormField
            key={field.name}
            id={`content-${field.name.replace("_", "-")}`}
            label={field.label}
            error={errors[field.name]?.message}
          >
            {(control) => <Input type={field.type} placeholder={field.placeholder} {...control} {...register(field.name)} />}
          </FormField>
        ))}
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? "Adding..." : "Add Content"}
      </Button>
    </form>
  );
}
