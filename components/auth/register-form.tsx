"use client";

import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { callApi } from "@/client/api";
import { lazyZodResolver } from "@/client/lazy-resolver";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/form-controls";
import { FormError, FormField } from "@/components/ui/form-field";
import type { RegisterFormInput } from "@/lib/accounts/schemas";
import { signInWithPassword, useFinishSignIn } from "./sign-in";
import type { AuthUser } from "./use-auth";

export const REGISTER_FAILED_MESSAGE = "Failed to create account. This email may already be in use.";

const resolver = lazyZodResolver<RegisterFormInput>(() =>
  import("@/lib/accounts/schemas").then((module) => module.registerFormSchema),
);

export function RegisterForm({ callbackPath }: { callbackPath: string }) {
  const finishSignIn = useFinishSignIn();
  const [succeeded, setSucceeded] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput>({
    resolver,
    defaultValues: { email: "", password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    let user: AuthUser;
    try {
      ({ user } = await callApi("POST", "/api/auth/register", { body: { email, password } }));
    } catch {
      setError("root", { message: REGISTER_FAILED_MESSAGE });
      return;
    }
    if (await signInWithPassword(email, password)) {
      setError("root", { message: REGISTER_FAILED_MESSAGE });
      return;
    }
    setSucceeded(true);
    await finishSignIn(
      { title: "Registration successful", description: "Welcome to ScrapeDeck! Your account is ready." },
      callbackPath,
      user,
    );
  });

  const pending = isSubmitting || succeeded;
  return (
    // POST, so that a submit before hydration never puts the password in the URL.
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField id="email" label="Email" error={errors.email?.message}>
        {(control) => <Input type="email" autoComplete="email" {...control} {...register("email")} />}
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        {(control) => <Input type="password" autoComplete="new-password" {...control} {...register("password")} />}
      </FormField>
      <FormField id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
        {(control) => <Input type="password" autoComplete="new-password" {...control} {...register("confirmPassword")} />}
      </FormField>
      <FormError message={errors.root?.message} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating account..." : "Create Account"}
      </Button>
      <p className="text-center text-xs text-slate-500">
        By creating an account, you agree to our{" "}
        <Link href="/terms-of-service" prefetch={false} className="underline hover:text-slate-700">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link href="/privacy-policy" prefetch={false} className="underline hover:text-slate-700">
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}
