"use client";

import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/client/lazy-resolver";
import { notify } from "@/client/notify";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/form-controls";
import { FormField } from "@/components/ui/form-field";
import type { ContactMessage } from "@/lib/contact/schema";

/** docs/product.md#contact: submitting makes no server call; it waits about a second, as sending would. */
export const CONTACT_SEND_DELAY_MS = 1000;

const resolver = lazyZodResolver<ContactMessage>(() =>
  import("@/lib/contact/schema").then((module) => module.contactMessageSchema),
);

const EMPTY: ContactMessage = { name: "", email: "", subject: "", message: "" };

async function sendContactMessage(_message: ContactMessage): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, CONTACT_SEND_DELAY_MS));
}

export function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessage>({ resolver, defaultValues: EMPTY });

  async function onSubmit(message: ContactMessage) {
    try {
      await sendContactMessage(message);
      notify.success("Message sent", "We've received your message and will get back to you soon.");
      reset(EMPTY);
    } catch {
      notify.error("Error", "Failed to send your message. Please try again.");
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label="Name" error={errors.name?.message}>
          {(control) => <Input autoComplete="name" {...control} {...register("name")} />}
        </FormField>
        <FormField id="contact-email" label="Email" error={errors.email?.message}>
          {(control) => <Input type="email" autoComplete="email" {...control} {...register("email")} />}
        </FormField>
      </div>
      <FormField id="contact-subject" label="Subject" error={errors.subject?.message}>
        {(control) => <Input {...control} {...register("subject")} />}
      </FormField>
      <FormField id="contact-message" label="Message" error={errors.message?.message}>
        {(control) => <Textarea rows={6} {...control} {...register("message")} />}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
