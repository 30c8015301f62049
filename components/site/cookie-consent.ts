"use client";

import { useSyncExternalStore } from "react";
import { COOKIE_CONSENT_KEY, type CookieConsent } from "./cookie-choice";

const listeners = new Set<() => void>();
// When storage is unavailable (privacy modes), the choice still holds for this page's lifetime.
let unstoredChoice: CookieConsent | null = null;

function read(): CookieConsent | null {
  try {
    const value = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return value === "true" || value === "false" ? value : unstoredChoice;
  } catch {
    return unstoredChoice;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab deciding counts here too.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function storeCookieConsent(value: CookieConsent): void {
  unstoredChoice = value;
  try {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, value);
  } catch {
    // Not persisted; unstoredChoice keeps the banner away until the next visit.
  }
  for (const listener of listeners) listener();
}

/** The stored choice, null while undecided, or "unknown" during server rendering and hydration. */
export function useCookieConsent(): CookieConsent | null | "unknown" {
  return useSyncExternalStore(subscribe, read, () => "unknown" as const);
}
