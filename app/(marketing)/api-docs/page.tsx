import type { Metadata } from "next";
import Link from "next/link";
import { BaseUrl } from "@/components/marketing/api-docs/base-url";
import { CodeExamples } from "@/components/marketing/api-docs/code-examples";
import { EndpointCard } from "@/components/marketing/api-docs/endpoint-card";
import { SERVICE_ENDPOINTS, VERIFY_LICENSE } from "@/components/marketing/api-docs/endpoints";
import { Faq } from "@/components/marketing/api-docs/faq";
import { FormatsSection } from "@/components/marketing/api-docs/formats";
import { ApiReference } from "@/components/marketing/api-docs/reference";
import {
  ASYNC_RUN_SAMPLE,
  retryScheduleText,
  VERIFY_SIGNATURE_SAMPLE,
  VERIFY_STANDARD_WEBHOOK_SAMPLE,
} from "@/components/marketing/api-docs/webhooks";
import { API_KEY_PLACEHOLDER } from "@/components/marketing/api-samples";
import { CodeBlock } from "@/components/marketing/code-block";
import { PageHero } from "@/components/marketing/page-hero";
import { PageNav } from "@/components/marketing/page-nav";
import { Section } from "@/components/marketing/section";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { site } from "@/lib/config/site";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata: Metadata = pageMetadata({
  title: "API Documentation",
  description: `Base URL, authentication, endpoints, code examples and plan limits of the ${site.name} REST API.`,
  path: "/api-docs",
});

/** The page's sections, in order, for the "On this page" bar. */
const SECTIONS = [
  { href: "#getting-started", label: "Getting Started" },
  { href: "#api-reference", label: "API Reference" },
  { href: "#async-runs", label: "Async runs & webhooks" },
  { href: "#markdown", label: "Markdown & formats" },
  { href: "#license-verification", label: "License verification" },
  { href: "#errors", label: "Errors" },
  { href: "#code-examples", label: "Code Examples" },
  { href: "#faq", label: "FAQ" },
] as const;

const ERROR_EXAMPLE = JSON.stringify({ message: "Scraper not found", code: "not_found", request_id: "5b0e6c1a-…" }, null, 2);

export default function ApiDocsPage() {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PageHero title="API Documentation">
        <p>
          A RESTful JSON API: call any scraper with your API key and get structured data back. Errors use standard HTTP status
          codes with a JSON body that has a message field.
        </p>
      </PageHero>
      <PageNav links={SECTIONS} />

      <Section id="getting-started" title="Getting Started">
        <div className="grid gap-6 lg:grid-cols-2">
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Base URL</CardTitle>
            </CardHeader>
            <CardContent className="min-w-0 space-y-3">
              <p className="text-sm text-slate-600">Every path below is relative to this address.</p>
              <BaseUrl />
            </CardContent>
          </Card>
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Authentication</CardTitle>
            </CardHeader>
            <CardContent className="min-w-0 space-y-3">
              <p className="text-sm text-slate-600">
                Send your API key as a bearer token in the <code className="font-mono">Authorization</code> header of every
                scraper call:
              </p>
              <CodeBlock label="Authorization header" code={`Authorization: Bearer ${API_KEY_PLACEHOLDER}`} />
              <p className="text-sm text-slate-600">
                Create and manage your keys in the{" "}
                <Link href="/dashboard" prefetch={false} className="font-medium text-brand-700 underline underline-offset-2">
                  dashboard
                </Link>
                . Keep them secret: anyone with a key can spend your quota.
              </p>
            </CardContent>
          </Card>
        </div>
      </Section>

      <Section id="api-reference" title="API Reference" className="bg-slate-50">
        <ApiReference />
      </Section>

      <Section id="async-runs" title="Async runs, batches and webhooks">
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="min-w-0 space-y-3 text-slate-700">
            <p>
              Add <code>"async": true</code> to a run: it answers <code>202</code> at once with the run's id and{" "}
              <code>status_url</code>. Read <code>GET /api/runs/{"{id}"}</code> with your API key until its status is{" "}
              <code>success</code>, <code>failed</code> or <code>cancelled</code> (it goes through <code>queued</code> and{" "}
              <code>running</code> first). <code>DELETE /api/runs/{"{id}"}</code> cancels a queued or running run and gives its
              quota back. An <code>Idempotency-Key</code> header makes a retried submission return the first answer instead of
              running (and charging) twice.
            </p>
            <p>
              A batch, <code>POST /api/scrapers/{"{id}"}/batch</code> with up to 100 <code>urls</code>, is one run per URL; it is
              refused whole (402) when your quota left cannot cover it. Follow it at <code>GET /api/batches/{"{id}"}</code>.
            </p>
            <p>
              With a <code>webhook_url</code> (an async run or a batch) we POST the outcome there when it ends:{" "}
              <code>run.succeeded</code>, <code>run.failed</code> or <code>batch.completed</code>, its <code>data</code> the same
              as the GET answer. Each delivery is signed with your webhook secret (dashboard, API Keys tab, or{" "}
              <code>GET /api/webhooks/secret</code>) twice over: the Standard Webhooks headers <code>webhook-id</code>,{" "}
              <code>webhook-timestamp</code> and <code>webhook-signature</code>, which any Standard Webhooks library (and our
              SDKs) verifies with the secret as it is, and <code>ScrapeDeck-Signature</code> for receivers that check it by hand.
              Deduplicate on <code>webhook-id</code>: it is the same on every attempt. A delivery that gets no 2xx within 10
              seconds is retried {retryScheduleText()}; a <code>410 Gone</code> stops deliveries to that address.{" "}
              <code>GET /api/runs/{"{id}"}</code> shows its <code>webhook.attempts</code> and <code>last_status</code>.
            </p>
          </div>
          <div className="min-w-0 space-y-4">
            <CodeBlock label="Async run with a webhook, then its status" code={ASYNC_RUN_SAMPLE} language="bash" />
            <CodeBlock
              label="Verifying a webhook with Standard Webhooks (Node.js)"
              code={VERIFY_STANDARD_WEBHOOK_SAMPLE}
              language="javascript"
            />
            <CodeBlock
              label="Verifying ScrapeDeck-Signature by hand (Node.js)"
              code={VERIFY_SIGNATURE_SAMPLE}
              language="javascript"
            />
          </div>
        </div>
      </Section>

      <Section id="markdown" title="Markdown and formats" className="bg-slate-50">
        <FormatsSection />
      </Section>

      <Section id="license-verification" title="License verification">
        <p className="mx-auto mb-6 max-w-3xl text-center text-slate-700">
          Partners check a license you issued with one public call — no API key, no Authorization header. Every answer is signed
          with our Ed25519 key (the keys below): send a fresh <code>nonce</code> and check the signature before trusting a
          verdict, as our TypeScript and Python SDKs do.
        </p>
        <div className="space-y-6">
          {VERIFY_LICENSE.map((endpoint) => (
            <EndpointCard key={`${endpoint.method} ${endpoint.path}`} endpoint={endpoint} headingLevel={3} />
          ))}
        </div>
      </Section>

      <Section id="errors" title="Errors" className="bg-slate-50">
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-3 text-slate-700">
            <p>
              A failed call answers with a standard HTTP status code and a JSON body. <code>message</code> explains what went
              wrong, <code>code</code> is a stable identifier for your code to branch on, and <code>request_id</code> (also in the
              X-Request-Id header) helps us find the call when you contact support.
            </p>
            <p>Validation errors also list the offending fields under issues.</p>
          </div>
          <CodeBlock label="Error response example" code={ERROR_EXAMPLE} />
        </div>
      </Section>

      <Section id="openapi" title="OpenAPI">
        <p className="mx-auto mb-6 max-w-3xl text-center text-slate-700">
          Every endpoint on this page, with its schemas, examples and error codes, as one OpenAPI 3.1 document:{" "}
          <a href="/api/openapi.json" className="font-medium text-brand-700 underline underline-offset-2">
            openapi.json
          </a>
          . Generate a client from it or import it into your API tool.
        </p>
        <div className="space-y-6">
          {SERVICE_ENDPOINTS.map((endpoint) => (
            <EndpointCard key={`${endpoint.method} ${endpoint.path}`} endpoint={endpoint} headingLevel={3} />
          ))}
        </div>
      </Section>

      <Section
        id="code-examples"
        title="Code Examples"
        intro="Run a scraper, get any page as Markdown and verify a license from your own code. Each example runs in our CI against the app, as shown."
        className="bg-slate-50"
      >
        <CodeExamples />
      </Section>

      <Section id="faq" title="FAQ" intro="Plans, limits and keys.">
        <div className="mx-auto max-w-3xl">
          <Faq />
        </div>
      </Section>
    </main>
  );
}
