"use client";

import { useApiBaseUrl } from "@/components/site/use-origin";
import { ButtonLink } from "@/components/ui/button";
import { curlRunExample, EXAMPLE_RUN_ENDPOINT_PATH, SAMPLE_RUN_RESPONSE } from "./api-samples";
import { CodeBlock } from "./code-block";
import { Section } from "./section";

export function ApiExample() {
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
          <CodeBlock label="Example response" code={SAMPLE_RUN_RESPONSE} />
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
