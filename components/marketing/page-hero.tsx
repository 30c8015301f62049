import type { ReactNode } from "react";

/** The title band at the top of an inner page. */
export function PageHero({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto w-full max-w-4xl px-4 py-16 text-center sm:py-20">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {children ? <div className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">{children}</div> : null}
      </div>
    </div>
  );
}
