import { cn } from "@/lib/cn";
import { CodeBlock } from "../code-block";
import type { EndpointDoc, HttpMethod } from "./endpoints";

const METHOD_COLORS: Record<HttpMethod, string> = {
  GET: "bg-green-100 text-green-800",
  POST: "bg-blue-100 text-blue-800",
  PATCH: "bg-amber-100 text-amber-800",
  DELETE: "bg-red-100 text-red-800",
  OPTIONS: "bg-slate-100 text-slate-800",
};

export function EndpointCard({ endpoint, headingLevel = 4 }: { endpoint: EndpointDoc; headingLevel?: 3 | 4 }) {
  const title = `${endpoint.method} ${endpoint.path}`;
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <article aria-label={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <Heading className="flex flex-wrap items-center gap-3">
        <span className={cn("rounded-md px-2 py-1 font-mono text-xs font-bold", METHOD_COLORS[endpoint.method])}>
          {endpoint.method}
        </span>
        <code className="font-mono text-sm font-semibold break-all">{endpoint.path}</code>
      </Heading>
      <p className="mt-3 text-slate-700">{endpoint.summary}</p>
      <p className="mt-2 text-sm text-slate-600">
        <span className="font-medium text-slate-800">Authentication:</span> {endpoint.auth}
      </p>
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
              <p className="mb-2 text-sm text-slate-600">
                <span className="font-medium text-slate-800">Response ({response.status})</span> {response.description}
              </p>
              {response.example ? <CodeBlock label={`${title} response (${response.status})`} code={response.example} /> : null}
            </div>
          ))}
        </div>
      </div>
      {endpoint.errors.length > 0 ? (
        <div className="mt-4">
          <p className="text-sm font-medium text-slate-800">Errors</p>
          <ul className="mt-2 space-y-1 text-sm text-slate-600">
            {endpoint.errors.map(([status, meaning]) => (
              <li key={status}>
                <code className="mr-2 font-mono font-semibold text-slate-800">{status}</code>
                {meaning}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}
