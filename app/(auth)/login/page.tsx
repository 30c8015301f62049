import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { redirectIfSignedIn } from "@/lib/auth/redirect-signed-in";

export const metadata: Metadata = {
  title: "Login",
  description: "Sign in to ScrapeDeck to manage your API keys, licenses and scrapers.",
};

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const callbackPath = await redirectIfSignedIn((await searchParams).callbackUrl);
  return (
    <AuthCard
      title="Welcome back"
      description="Sign in to manage your API keys, licenses and scrapers."
      footer={
        <>
          <p>
            Don&apos;t have an account?{" "}
            <Link href="/register" prefetch={false} className="font-medium text-brand-600 hover:underline">
              Sign up
            </Link>
          </p>
          <p>
            Need help?{" "}
            <Link href="/contact" prefetch={false} className="font-medium text-brand-600 hover:underline">
              Contact support
            </Link>
          </p>
        </>
      }
    >
      <LoginForm callbackPath={callbackPath} />
    </AuthCard>
  );
}
