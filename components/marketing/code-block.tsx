import { cn } from "@/components/ui/cn";
import { CopyCodeButton } from "@/components/ui/copy-button";
import { type CodeLanguage, guessLanguage, highlightHtml, LANGUAGE_LABELS, type TokenKind } from "@/lib/code/highlight";

// The parts of a block and its tokens' one-letter classes are styled by .code-block in app/globals.css: a span per
// token is most of a code block's markup (/api-docs has about a thousand), in the HTML and again in the RSC payload.
const TOKEN_CLASS: Record<TokenKind, string | undefined> = {
  comment: "c",
  string: "s",
  number: "n",
  keyword: "k",
  property: "p",
  flag: "k",
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
    <figure className={cn("code-block", className)}>
      <figcaption className="sr-only">{label}</figcaption>
      <div>
        <span>{LANGUAGE_LABELS[language]}</span>
        <CopyCodeButton />
      </div>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        <code
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own samples, every token escaped by highlightHtml.
          dangerouslySetInnerHTML={{ __html: highlightHtml(code, language, (kind) => TOKEN_CLASS[kind]) }}
        />
      </pre>
    </figure>
  );
}
