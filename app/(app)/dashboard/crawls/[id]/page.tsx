import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { CrawlProgress, CrawlStatusBadge } from "@/components/crawls/crawl-status-badge";
import { getCurrentUser } from "@/lib/auth/current-user";
import { getCrawl } from "@/lib/crawls/detail";
import { MAX_PAGE_SIZE } from "@/lib/crawls/schema";
import { isAppError } from "@/lib/infra/errors";
import { routeId } from "@/lib/infra/route-id";

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ cursor?: string }>;
}

export const metadata: Metadata = { title: "Crawl", description: "A crawl's progress and its pages." };

export default async function CrawlPage({ params, searchParams }: Props) {
  const rawId = (await params).id;
  const user = await getCurrentUser(await headers());
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(`/dashboard/crawls/${rawId}`)}`);
  const id = routeId(rawId);
  if (id === 0) notFound();
  const { cursor } = await searchParams;
  let crawl: Awaited<ReturnType<typeof getCrawl>>;
  try {
    crawl = await getCrawl(user.id, id, { cursor, pageSize: MAX_PAGE_SIZE });
  } catch (error) {
    if (isAppError(error, "not_found") || isAppError(error, "validation_error")) notFound();
    throw error;
  }
  const skipped = Object.entries(crawl.skipped).filter(([, count]) => count > 0);
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link href="/dashboard/crawls" className="text-blue-700 underline">
          Crawls
        </Link>
      </p>
      <h1 className="mt-2 flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight">
        Crawl {crawl.id} <CrawlStatusBadge status={crawl.status} />
      </h1>
      <p className="mt-1 break-all font-mono text-sm text-slate-700">{crawl.url}</p>
      <div className="mt-4 flex flex-wrap gap-8">
        <CrawlProgress ended={crawl.succeeded + crawl.failed} discovered={crawl.discovered} limit={crawl.limit} />
        <dl className="grid grid-cols-2 gap-x-4 text-sm tabular-nums sm:grid-cols-4">
          <dt className="text-slate-600">Succeeded</dt>
          <dd>{crawl.succeeded}</dd>
          <dt className="text-slate-600">Failed</dt>
          <dd>{crawl.failed}</dd>
          <dt className="text-slate-600">Queued</dt>
          <dd>{crawl.queued}</dd>
          <dt className="text-slate-600">Running</dt>
          <dd>{crawl.running}</dd>
        </dl>
      </div>
      {crawl.stopped_reason ? <p className="mt-2 text-sm text-slate-700">Stopped early: {crawl.stopped_reason}.</p> : null}
      {skipped.length > 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          Skipped: {skipped.map(([reason, count]) => `${count} ${reason.replace("_", " ")}`).join(", ")}.
        </p>
      ) : null}
      <table className="mt-6 w-full table-fixed border-collapse text-left text-sm" aria-label="Pages">
        <thead>
          <tr className="border-b border-slate-300">
            <th className="w-1/2 py-2">URL</th>
            <th className="py-2">Depth</th>
            <th className="py-2">Status</th>
            <th className="py-2">Retries</th>
            <th className="py-2">Run</th>
          </tr>
        </thead>
        <tbody>
          {crawl.pages.map((page) => (
            <tr key={page.id} className="border-b border-slate-100 align-top">
              <td className="truncate py-2 font-mono text-xs" title={page.url}>
                {page.url}
                {page.error ? <span className="block text-red-700">{page.error.message}</span> : null}
              </td>
              <td className="py-2 tabular-nums">{page.depth}</td>
              <td className="py-2">
                <CrawlStatusBadge status={page.status} />
              </td>
              {/* Times the site answered 429 or 503 and the page was tried again after the pause it asked for. */}
              <td className="py-2 tabular-nums">{page.retries}</td>
              <td className="py-2 tabular-nums">{page.run_id ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {crawl.next ? (
        <p className="mt-4">
          <Link href={`/dashboard/crawls/${crawl.id}?cursor=${crawl.next}`} className="text-blue-700 underline">
            Next pages
          </Link>
        </p>
      ) : null}
    </main>
  );
}
