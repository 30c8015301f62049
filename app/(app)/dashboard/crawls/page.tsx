import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import { CrawlProgress, CrawlStatusBadge } from "@/components/crawls/crawl-status-badge";
import { getCurrentUser } from "@/lib/auth/current-user";
import { listCrawls } from "@/lib/crawls/detail";

export const metadata: Metadata = {
  title: "Crawls",
  description: "Your crawls: whole sites, page by page.",
};

export default async function CrawlsPage() {
  const user = await getCurrentUser(await headers());
  if (!user) redirect("/login?callbackUrl=%2Fdashboard%2Fcrawls");
  const crawls = await listCrawls(user.id);
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link href="/dashboard" className="text-blue-700 underline">
          Dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Crawls</h1>
      <p className="mt-1 text-slate-600">
        Start one with <code className="font-mono text-sm">POST /api/crawls</code> and your API key; see the API docs.
      </p>
      {crawls.length === 0 ? (
        <p className="mt-8 text-slate-700">No crawls yet.</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Crawls">
          {crawls.map((crawl) => (
            <li key={crawl.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <Link href={`/dashboard/crawls/${crawl.id}`} className="font-medium text-blue-700 underline">
                    Crawl {crawl.id}
                  </Link>
                  <CrawlStatusBadge status={crawl.status} />
                  {crawl.stopped_reason ? <span className="text-xs text-slate-600">stopped: {crawl.stopped_reason}</span> : null}
                </p>
                <p className="mt-1 truncate font-mono text-xs text-slate-700" title={crawl.url}>
                  {crawl.url}
                </p>
              </div>
              <CrawlProgress ended={crawl.succeeded + crawl.failed} discovered={crawl.discovered} limit={crawl.limit} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
