import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

interface SectionProps {
  id: string;
  title: string;
  intro?: ReactNode;
  eyebrow?: string;
  className?: string;
  children: ReactNode;
}

/** A page section labelled by its own heading; the scroll margin keeps anchors clear of the sticky header and page nav. */
export function Section({ id, title, intro, eyebrow, className, children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("scroll-mt-28 py-16 sm:py-20", className)}>
      <div className="mx-auto w-full max-w-6xl px-4">
        <div className="mx-auto max-w-2xl text-center">
          {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p> : null}
          <h2 id={`${id}-title`} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
