"use client";

import { useApiBaseUrl } from "@/components/site/use-origin";
import { ButtonLink } from "@/components/ui/button";
import { curlRunExample, EXAMPLE_RUN_ENDPOINT_PATH } from "./api-samples";
import { CodeBlock } from "./code-block";
import { Section } from "./section";

/** `sampleResponse`: the contract's run answer (run-sample.ts), handed over by the server page. */
export function ApiExample({ sampleResponse }: { sampleResponse: string }) {
  const apiBaseUrl = useApiBaseUrl();
  return (
    <Section
      id="api-example"
      eyebrow="Developer friendly"
      title="One request, clean JSON"
      intro="Every scraper is a single POST. Send the page URL, get back items with consistent fields."
      className="bg-slate-50"
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mb-3 text-sm font-semibold text-slate-700">Request</h3>
          <CodeBlock label="Example request" code={curlRunExample(`${apiBaseUrl}${EXAMPLE_RUN_ENDPOINT_PATH}`)} />
        </div>
        <div className="min-w-0">
          <h3 className="mb-3 text-sm font-semibold text-slate-700">Response</h3>
          <CodeBlock label="Example response" code={sampleResponse} />
        </div>
      </div>
      <div className="mt-8 text-center">
        <ButtonLink href="/api-docs" variant="outline">
          Read the API documentation
        </ButtonLink>
      </div>
    </Section>
  );
}
