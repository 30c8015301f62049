import { CopyButton } from "@/components/ui/copy-button";
import { cn } from "@/lib/cn";
import { type CodeLanguage, guessLanguage, highlightHtml, LANGUAGE_LABELS, type TokenKind } from "@/lib/code/highlight";

// Colours on slate-900 that keep a contrast of at least 4.5:1 (WCAG AA).
const TOKEN_CLASS: Record<TokenKind, string | undefined> = {
  comment: "text-slate-400 italic",
  string: "text-emerald-300",
  number: "text-amber-300",
  keyword: "text-sky-300",
  property: "text-violet-300",
  flag: "text-sky-300",
  plain: undefined,
};

interface CodeBlockProps {
  code: string;
  /** Names the block for screen readers (a hidden caption). */
  label: string;
  /** Guessed from the code when not given. */
  language?: CodeLanguage;
  className?: string;
}

/**
 * Preformatted code with its language, a copy button and light highlighting. Long lines scroll sideways instead of
 * being cut, so the block takes keyboard focus.
 */
export function CodeBlock({ code, label, language = guessLanguage(code), className }: CodeBlockProps) {
  return (
    <figure className={cn("min-w-0 max-w-full overflow-hidden rounded-lg bg-slate-900", className)}>
      <figcaption className="sr-only">{label}</figcaption>
      <div className="flex items-center justify-between border-b border-slate-700 py-1 pr-1 pl-4">
        <span className="text-xs font-medium text-slate-300">{LANGUAGE_LABELS[language]}</span>
        <CopyButton text={code} label="Copy code" announcement={`${label} copied to clipboard`} variant="secondary" size="sm" />
      </div>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto p-4 text-sm leading-relaxed whitespace-pre text-slate-100"
      >
        <code
          className="font-mono"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own samples, every token escaped by highlightHtml.
          dangerouslySetInnerHTML={{ __html: highlightHtml(code, language, (kind) => TOKEN_CLASS[kind]) }}
        />
      </pre>
    </figure>
  );
}
