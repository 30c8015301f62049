import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "./schema";

const valid = { name: "Ada", email: "ada@example.com", subject: "Pricing", message: "Hello there, team!" };

function firstMessage(input: Record<string, string>): string | undefined {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("contact message schema", () => {
  it("accepts a valid message and trims it", () => {
    expect(contactMessageSchema.parse({ ...valid, name: "  Ada  " }).name).toBe("Ada");
  });

  it.each([
    ["name", "A", "Name must be at least 2 characters."],
    ["name", "  A  ", "Name must be at least 2 characters."],
    ["email", "not-an-email", "Please enter a valid email address."],
    ["subject", "Hey", "Subject must be at least 5 characters."],
    ["message", "Too short", "Message must be at least 10 characters."],
    ["message", "x".repeat(5001), "Message must be at most 5000 characters."],
  ])("rejects %s %j with the spec message", (field, value, message) => {
    expect(firstMessage({ ...valid, [field]: value })).toBe(message);
  });
});
