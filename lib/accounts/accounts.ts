import "server-only";
import { db, isUniqueViolation } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import type { LoginInput, RegisterInput } from "./schemas";

/** The user as the API shows it (docs/product.md#entities: id and email, nothing else). */
export interface UserDto {
  id: number;
  email: string;
}

export function toUserDto(user: { id: number; email: string }): UserDto {
  return { id: user.id, email: user.email };
}

/** Creates the account; email_taken when the (already normalised) email is taken, even by a concurrent request. */
export async function registerUser({ email, password }: RegisterInput): Promise<UserDto> {
  const passwordHash = await hashPassword(password);
  try {
    const user = await db.user.create({ data: { email, passwordHash }, select: { id: true, email: true } });
    return toUserDto(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("email_taken", "An account with this email already exists");
    throw error;
  }
}

/**
 * The user whose email and password match, or null. An unknown email costs one password verification like a
 * wrong password does, so neither the answer nor its timing tells whether an account exists.
 */
export async function verifyCredentials({ email, password }: LoginInput): Promise<UserDto | null> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, passwordHash: true } });
  if (!user) return verifyAgainstDummy(password).then(() => null);
  return (await verifyPassword(user.passwordHash, password)) ? toUserDto(user) : null;
}
