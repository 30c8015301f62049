import { z } from "zod";

const trimmedText = (min: number, max: number, field: string) =>
  z
    .string()
    .trim()
    .min(min, `${field} must be at least ${min} characters.`)
    .max(max, `${field} must be at most ${max} characters.`);

/** docs/product.md#validation: contact rules and messages; the upper bounds keep a pasted novel out of the form. */
export const contactMessageSchema = z.object({
  name: trimmedText(2, 100, "Name"),
  email: z.string().trim().pipe(z.email("Please enter a valid email address.")),
  subject: trimmedText(5, 200, "Subject"),
  message: trimmedText(10, 5000, "Message"),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
