// zod/mini: the same validation as zod's classic API at a fraction of the browser bundle (this form is the
// only code on the contact page that needs zod).
import * as z from "zod/mini";

const trimmedText = (min: number, max: number, field: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(min, `${field} must be at least ${min} characters.`),
      z.maxLength(max, `${field} must be at most ${max} characters.`),
    );

/** Spec §5 contact rules and messages; the upper bounds keep a pasted novel out of the form. */
export const contactMessageSchema = z.object({
  name: trimmedText(2, 100, "Name"),
  email: z.pipe(z.string().check(z.trim()), z.email("Please enter a valid email address.")),
  subject: trimmedText(5, 200, "Subject"),
  message: trimmedText(10, 5000, "Message"),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
