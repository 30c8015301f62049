"use client";

import { useSyncExternalStore } from "react";
import type { CreatedApiKeyDto } from "@/lib/api-keys/dto";

// The one moment a full key exists in the browser. Kept outside the tab so switching tabs does not lose it
// before it is copied; kept in memory only, so a reload ends it. It remembers its owner so that a different
// user signing in on the same page never sees it.

interface NewApiKey {
  /** The signed-in user's id when it was generated (null if the session check had not answered). */
  ownerId: number | null;
  key: CreatedApiKeyDto;
}

let current: NewApiKey | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setNewApiKey(value: NewApiKey | null) {
  current = value;
  for (const listener of listeners) listener();
}

export function useNewApiKey(ownerId: number | null): CreatedApiKeyDto | null {
  const value = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return value && value.ownerId === ownerId ? value.key : null;
}
