/**
 * Counts network requests in flight so the shell can show one progress bar for every network
 * action (issue #7 "progress shown on every network action"). `trackFetch` wraps fetch.
 */
import { useSyncExternalStore } from "react";

let count = 0;
const listeners = new Set<() => void>();

function change(delta: number): void {
  count += delta;
  for (const listener of [...listeners]) listener();
}

/** A fetch that counts itself in the in-flight total while it runs. */
export const trackFetch: typeof fetch = async (input, init) => {
  change(1);
  try {
    return await fetch(input, init);
  } finally {
    change(-1);
  }
};

/** Number of API requests in flight (re-renders on change). */
export function useInflightCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => count,
  );
}
