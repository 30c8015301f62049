"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { COOKIE_BANNER_ID } from "./cookie-choice";
import { storeCookieConsent, useCookieConsent } from "./cookie-consent";

/**
 * docs/product.md#shared-frame: sits at the bottom of the screen until a choice is stored. It is in the server HTML,
 * so a first visit paints it with the page rather than after hydration (on a small screen its text is the largest on
 * /login and /register, and so their Largest Contentful Paint). The server cannot know a stored choice: the root
 * layout's head script marks the document before the first paint, and CSS hides the banner (app/globals.css).
 */
export function CookieBanner() {
  const consent = useCookieConsent();
  if (consent === "true" || consent === "false") return null;
  // Until hydration the buttons do nothing: say so, rather than swallow a press.
  const inert = consent === "unknown" ? true : undefined;
  return (
    <section
      id={COOKIE_BANNER_ID}
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          We use cookies to keep you signed in and to remember your preferences. Read our{" "}
          <Link href="/cookie-policy" prefetch={false} className="font-medium text-brand-700 underline underline-offset-2">
            Cookie Policy
          </Link>{" "}
          to learn more.
        </p>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" aria-disabled={inert} onClick={() => storeCookieConsent("false")}>
            Decline
          </Button>
          <Button aria-disabled={inert} onClick={() => storeCookieConsent("true")}>
            Accept All
          </Button>
        </div>
      </div>
    </section>
  );
}
