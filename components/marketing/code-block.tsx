import { cn } from "@/lib/cn";

/** Preformatted code, named by a hidden caption. It scrolls sideways on narrow screens, so it takes keyboard focus. */
export function CodeBlock({ code, label, className }: { code: string; label: string; className?: string }) {
  return (
    <figure className={cn("min-w-0", className)}>
      <figcaption className="sr-only">{label}</figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm leading-relaxed text-slate-100"
      >
        <code className="font-mono">{code}</code>
      </pre>
    </figure>
  );
}
