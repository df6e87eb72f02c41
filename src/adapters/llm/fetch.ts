/**
 * Outbound fetch for model providers: redirects are never followed (`redirect: "manual"`; a 3xx
 * answer becomes RedirectRefusedError, mapped to `model.request_failed`, not retryable), and the
 * caller's AbortSignal is passed through. Never logs URLs with query strings, headers or bodies.
 */

/** Thrown when a provider answers 3xx (its Location is kept without query/userinfo). */
export class RedirectRefusedError extends Error {
  readonly status: number;
  readonly location: string | null;

  constructor(status: number, location: string | null) {
    super(
      `The provider answered with a redirect (HTTP ${status}${location ? ` to ${location}` : ""}); redirects are not followed. Check the base URL.`,
    );
    this.name = "RedirectRefusedError";
    this.status = status;
    this.location = location;
  }
}

/** A fetch like the platform's. */
export type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** Wraps `base` (default: global fetch) so redirects are refused. */
export function noRedirectFetch(base: FetchFn = (input, init) => fetch(input, init)): FetchFn {
  return async (input, init) => {
    const response = await base(input, { ...init, redirect: "manual" });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new RedirectRefusedError(response.status, safeLocation(response.headers.get("location")));
    }
    return response;
  };
}

function safeLocation(location: string | null): string | null {
  if (!location) return null;
  try {
    const url = new URL(location, "http://relative.invalid");
    return url.host === "relative.invalid" ? url.pathname : `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return null;
  }
}
