"use client";

import Link from "next/link";
import { useApi } from "@/client/use-api";
import { ArrowLeftIcon } from "@/components/site/icons";
import { useOrigin } from "@/components/site/use-origin";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Skeleton } from "@/components/ui/skeleton";
import type { ScraperDetailDto } from "@/lib/catalogue/dto";
import { PLANS } from "@/lib/config/plans";
import { curlRunExample } from "./api-samples";
import { CodeBlock } from "./code-block";
import { PopularityBadge } from "./popularity-badge";
import { ScraperActions } from "./scraper-actions";
import { formatUsers } from "./scraper-card";
import { ScraperNotFound } from "./scraper-not-found";

const CARD_HEADING = "text-lg font-semibold leading-tight";

function BackLink() {
  return (
    <Link
      href="/#scrapers"
      prefetch={false}
      className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <ArrowLeftIcon width={16} height={16} />
      Back to scrapers
    </Link>
  );
}

function DetailSkeleton() {
  return (
    <div aria-busy="true" className="mt-8">
      <p role="status" className="sr-only">
        Loading scraper…
      </p>
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="mt-4 h-5 w-full" />
      <Skeleton className="mt-2 h-5 w-4/5" />
      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-64 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

/** The scraper page's content, loaded in the browser; a failed load shows Scraper Not Found (docs/product.md#scraper-detail). */
export function ScraperDetail({ id, sampleResponse }: { id: number; sampleResponse: string }) {
  // docs/product.md#scraper-detail: fetched only when the id is positive. The key is its API path, the one the
  // page prefetches on the server.
  const { data: scraper, isError } = useApi("/api/scrapers/{id}", { params: { id }, enabled: id > 0 });
  const origin = useOrigin();

  if (id <= 0 || isError) return <ScraperNotFound />;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10">
      <BackLink />
      {scraper ? (
        <Loaded scraper={scraper} endpointUrl={`${origin}${scraper.endpoint}`} sampleResponse={sampleResponse} />
      ) : (
        <DetailSkeleton />
      )}
    </div>
  );
}

function Loaded({
  scraper,
  endpointUrl,
  sampleResponse,
}: {
  scraper: ScraperDetailDto;
  endpointUrl: string;
  sampleResponse: string;
}) {
  const plan = PLANS[scraper.required_plan];
  const parameters = Object.entries(scraper.parameters);
  return (
    <>
      <div className="mt-8 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{scraper.name}</h1>
        <PopularityBadge popularity={scraper.popularity} />
      </div>
      <p className="mt-4 max-w-3xl text-lg text-slate-600">{scraper.description}</p>
      <ul className="mt-6 flex flex-wrap gap-x-8 gap-y-2 text-sm text-slate-600">
        <li>{formatUsers(scraper.users ?? 0)}</li>
        <li>Updated {scraper.updated || "recently"}</li>
        <li>{plan.id === "free" ? "Available on every plan" : `Requires the ${plan.name} plan or above`}</li>
      </ul>

      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <h2 className={CARD_HEADING}>Endpoint</h2>
            </CardHeader>
            <CardContent className="space-y-3">
              <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-100 px-4 py-3">
                <span className="rounded-md bg-blue-100 px-2 py-1 font-mono text-xs font-bold text-blue-800">POST</span>
                <code data-testid="scraper-endpoint" className="min-h-10 min-w-0 flex-1 font-mono text-sm break-all sm:min-h-0">
                  {endpointUrl}
                </code>
              </div>
              <CopyButton text={endpointUrl} label="Copy Endpoint" announcement="Endpoint copied to clipboard" />
            </CardContent>
          </Card>

          {parameters.length > 0 ? (
            <Card>
              <CardHeader>
                <h2 className={CARD_HEADING}>Parameters</h2>
              </CardHeader>
              <CardContent>
                <dl className="divide-y divide-slate-200">
                  {parameters.map(([name, description]) => (
                    <div key={name} className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr]">
                      <dt>
                        <code className="font-mono text-sm font-semibold">{name}</code>
                      </dt>
                      <dd className="text-sm text-slate-600">{description}</dd>
                    </div>
                  ))}
                </dl>
              </CardContent>
            </Card>
          ) : null}

          <Card>
            <CardHeader>
              <h2 className={CARD_HEADING}>Usage example</h2>
            </CardHeader>
            <CardContent>
              <CodeBlock label="Usage example" code={curlRunExample(endpointUrl, scraper.example_url)} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <h2 className={CARD_HEADING}>Sample response format</h2>
            </CardHeader>
            <CardContent>
              <CodeBlock label="Sample response format" code={sampleResponse} />
            </CardContent>
          </Card>
        </div>

        <aside aria-label="Get started" className="lg:sticky lg:top-24 lg:self-start">
          <Card>
            <CardHeader>
              <h2 className={CARD_HEADING}>Use this scraper</h2>
            </CardHeader>
            <CardContent className="space-y-4">
              <p className="text-sm text-slate-600">
                Call the endpoint with your API key. See the{" "}
                <Link href="/api-docs" prefetch={false} className="font-medium text-brand-700 underline underline-offset-2">
                  API documentation
                </Link>{" "}
                for errors and limits.
              </p>
              <ScraperActions />
            </CardContent>
          </Card>
        </aside>
      </div>
    </>
  );
}
