import { CodeBlock } from "@/components/marketing/code-block";
import { cn } from "@/components/ui/cn";
import { escapeHtml } from "@/lib/code/highlight";
import type { EndpointDoc, HttpMethod } from "./endpoints";

const METHOD_COLORS: Record<HttpMethod, string> = {
  GET: "bg-green-100 text-green-800",
  POST: "bg-blue-100 text-blue-800",
  PATCH: "bg-amber-100 text-amber-800",
  DELETE: "bg-red-100 text-red-800",
  OPTIONS: "bg-slate-100 text-slate-800",
};

/**
 * Static text as one element's inner HTML, every interpolated value escaped. /api-docs shows 34 cards and about a
 * hundred error lines: as React elements each tag is a node React hydrates and a record in the RSC payload; as
 * inner HTML a whole list is one. Only for markup without interactivity.
 */
function markup(strings: TemplateStringsArray, ...values: ReadonlyArray<string | number>): { __html: string } {
  return {
    __html: strings.reduce(
      (html, text, index) => html + text + (index < values.length ? escapeHtml(String(values[index])) : ""),
      "",
    ),
  };
}

/** One operation of the API reference: a server component, its code blocks' copy buttons the only client islands. */
export function EndpointCard({ endpoint, headingLevel = 4 }: { endpoint: EndpointDoc; headingLevel?: 3 | 4 }) {
  const title = `${endpoint.method} ${endpoint.path}`;
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <article aria-label={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <Heading
        className="flex flex-wrap items-center gap-3 [&>code]:font-mono [&>code]:text-sm [&>code]:font-semibold [&>code]:break-all"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: built by markup(), which escapes every value.
        dangerouslySetInnerHTML={markup`<span class="rounded-md px-2 py-1 font-mono text-xs font-bold ${METHOD_COLORS[endpoint.method]}">${endpoint.method}</span><code>${endpoint.path}</code>`}
      />
      <p className="mt-3 text-slate-700">{endpoint.summary}</p>
      <p
        className="mt-2 text-sm text-slate-600 [&>span]:font-medium [&>span]:text-slate-800"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: built by markup(), which escapes every value.
        dangerouslySetInnerHTML={markup`<span>Authentication:</span> ${endpoint.auth}`}
      />
      <div className={cn("mt-4 grid gap-4", endpoint.body && "lg:grid-cols-2")}>
        {endpoint.body ? (
          <div className="min-w-0">
            <p className="mb-2 text-sm font-medium text-slate-800">Request body</p>
            <CodeBlock label={`${title} request body`} code={endpoint.body} />
          </div>
        ) : null}
        <div className="min-w-0 space-y-4">
          {endpoint.responses.map((response) => (
            <div key={response.status}>
              <p
                className="mb-2 text-sm text-slate-600 [&>span]:font-medium [&>span]:text-slate-800"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: built by markup(), which escapes every value.
                dangerouslySetInnerHTML={markup`<span>Response (${response.status})</span> ${response.description}`}
              />
              {response.example ? <CodeBlock label={`${title} response (${response.status})`} code={response.example} /> : null}
            </div>
          ))}
        </div>
      </div>
      {endpoint.errors.length > 0 ? (
        <div className="mt-4">
          <p className="text-sm font-medium text-slate-800">Errors</p>
          <ul
            className="mt-2 space-y-1 text-sm text-slate-600 [&_code]:mr-2 [&_code]:font-mono [&_code]:font-semibold [&_code]:text-slate-800"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: built by markup(), which escapes every value.
            dangerouslySetInnerHTML={{
              __html: endpoint.errors
                .map(([status, meaning]) => markup`<li><code>${status}</code>${meaning}</li>`.__html)
                .join(""),
            }}
          />
        </div>
      ) : null}
    </article>
  );
}
