"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FieldError, Input, Label, Textarea } from "@/components/ui/form-controls";
import { notify } from "@/lib/client/notify";
import { type ContactMessage, contactMessageSchema } from "@/lib/contact/schema";

/** docs/product.md#contact: submitting makes no server call; it waits about a second, as sending would. */
export const CONTACT_SEND_DELAY_MS = 1000;

const EMPTY: ContactMessage = { name: "", email: "", subject: "", message: "" };

async function sendContactMessage(_message: ContactMessage): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, CONTACT_SEND_DELAY_MS));
}

interface FieldProps {
  id: keyof ContactMessage;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  multiline?: boolean;
  type?: string;
  autoComplete?: string;
}

function Field({ id, label, error, registration, multiline, type = "text", autoComplete }: FieldProps) {
  const errorId = `contact-${id}-error`;
  const shared = {
    id: `contact-${id}`,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    ...registration,
  };
  return (
    <div>
      <Label htmlFor={`contact-${id}`}>{label}</Label>
      {multiline ? <Textarea rows={6} {...shared} /> : <Input type={type} autoComplete={autoComplete} {...shared} />}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessage>({ resolver: zodResolver(contactMessageSchema), defaultValues: EMPTY });

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
        <Field id="name" label="Name" autoComplete="name" error={errors.name?.message} registration={register("name")} />
        <Field
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          registration={register("email")}
        />
      </div>
      <Field id="subject" label="Subject" error={errors.subject?.message} registration={register("subject")} />
      <Field id="message" label="Message" multiline error={errors.message?.message} registration={register("message")} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
