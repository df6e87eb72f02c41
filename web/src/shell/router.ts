/**
 * Path-based client routing (the Worker serves index.html for unknown paths). `usePath()` re-renders
 * on navigation; `navigate(path)` pushes a history entry. The URL fragment is reserved for the
 * `#setup=` / `#pair=` links.
 */
import { useSyncExternalStore } from "react";

const NAVIGATE_EVENT = "tavernedge:navigate";

function subscribe(listener: () => void): () => void {
  window.addEventListener("popstate", listener);
  window.addEventListener(NAVIGATE_EVENT, listener);
  return () => {
    window.removeEventListener("popstate", listener);
    window.removeEventListener(NAVIGATE_EVENT, listener);
  };
}

/** The current pathname, e.g. "/devices". */
export function usePath(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** Goes to `path` (same origin); `replace` swaps the current history entry. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (path === window.location.pathname) return;
  if (options.replace) window.history.replaceState(null, "", path);
  else window.history.pushState(null, "", path);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}
