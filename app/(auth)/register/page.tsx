import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";
import { redirectIfSignedIn } from "@/lib/auth/redirect-signed-in";
import { PLANS } from "@/lib/config/plans";

export const metadata: Metadata = {
  title: "Create Account",
  description: "Create a free ScrapeDeck account and get an API key for ready-made web scrapers.",
};

export default async function RegisterPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const callbackPath = await redirectIfSignedIn((await searchParams).callbackUrl);
  return (
    <AuthCard
      title="Create an account"
      description={`Start on the ${PLANS.free.name} plan: ${PLANS.free.monthlyRuns} API calls a month, no credit card.`}
      footer={
        <p>
          Already have an account?{" "}
          <Link href="/login" prefetch={false} className="font-medium text-brand-600 hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <RegisterForm callbackPath={callbackPath} />
    </AuthCard>
  );
}
