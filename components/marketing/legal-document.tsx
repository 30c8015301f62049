import type { ReactNode } from "react";
import { LastUpdated } from "./last-updated";

/** The frame of a legal page: title, the current date as 'last updated', then the text. */
export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <article className="mx-auto w-full max-w-3xl px-4 py-16">
        <header className="border-b border-slate-200 pb-6">
          <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
          <LastUpdated />
        </header>
        <div className="text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:mt-2 [&_p]:mt-4 [&_p]:leading-relaxed [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6">
          {children}
        </div>
      </article>
    </main>
  );
}
