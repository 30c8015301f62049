"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/client/lazy-resolver";
import { notify } from "@/client/notify";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/form-controls";
import { FormError, FormField } from "@/components/ui/form-field";
import { LOGIN_THROTTLED_ERROR, LOGIN_THROTTLED_MESSAGE } from "@/lib/accounts/login-throttle-messages";
import type { LoginInput } from "@/lib/accounts/schemas";
import { signInWithPassword, useFinishSignIn } from "./sign-in";

export const LOGIN_FAILED_MESSAGE = "Invalid email or password. Please try again.";

const resolver = lazyZodResolver<LoginInput>(() => import("@/lib/accounts/schemas").then((module) => module.loginSchema));

export function LoginForm({ callbackPath }: { callbackPath: string }) {
  const finishSignIn = useFinishSignIn();
  // Stays true while the browser moves to the next page, so the button cannot be pressed twice.
  const [succeeded, setSucceeded] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver, defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    const error = await signInWithPassword(email, password);
    if (error) {
      setError("root", { message: LOGIN_FAILED_MESSAGE });
      if (error === LOGIN_THROTTLED_ERROR) notify.error("Login failed", LOGIN_THROTTLED_MESSAGE);
      return;
    }
    setSucceeded(true);
    await finishSignIn({ title: "Login successful", description: "Welcome back! You are now signed in." }, callbackPath);
  });

  const pending = isSubmitting || succeeded;
  return (
    // POST, so that a submit before hydration never puts the password in the URL.
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField id="email" label="Email" error={errors.email?.message}>
        {(control) => <Input type="email" autoComplete="email" {...control} {...register("email")} />}
      </FormField>
      <FormField
        id="password"
        label="Password"
        error={errors.password?.message}
        labelAside={
          // Password reset is not offered yet (docs/product.md#login): the link is shown but leads nowhere.
          // biome-ignore lint/a11y/useSemanticElements: an <a> needs an href, and this link must not go anywhere
          <span role="link" tabIndex={0} aria-disabled="true" className="cursor-not-allowed text-sm text-slate-500">
            Forgot password?
          </span>
        }
      >
        {(control) => <Input type="password" autoComplete="current-password" {...control} {...register("password")} />}
      </FormField>
      <FormError message={errors.root?.message} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
