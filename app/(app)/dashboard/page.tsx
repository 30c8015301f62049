import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import { LogoutEverywhereButton } from "@/components/auth/logout-everywhere-button";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { getCurrentUser } from "@/lib/auth/current-user";

export const metadata: Metadata = {
  title: "Dashboard",
  description: "Your scrapers, API keys and licenses.",
};

export default async function DashboardPage() {
  const user = await getCurrentUser(await headers());
  if (!user) redirect("/login?callbackUrl=%2Fdashboard");
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <p className="text-slate-600">Signed in as {user.email}</p>
        <LogoutEverywhereButton />
        <Link href="/dashboard/crawls" className="text-sm text-blue-700 underline">
          Crawls
        </Link>
      </div>
      <DashboardView />
    </main>
  );
}
