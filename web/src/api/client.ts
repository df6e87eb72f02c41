/**
 * The web client's one HTTP client for /api/v1. Every failure becomes an `ApiError` with a dotted
 * `code` and a `message` a person can read (the server's envelope, docs/spec/hosted.md §6), so screens
 * and toasts show `error.message` and branch on `error.code`.
 *
 * Client-side codes (never sent by the server; listed in docs/api.md "Web client"):
 * - `client.network_unreachable` (status 0): the request never got an answer.
 * - `client.bad_response`: the server answered with something that is not the JSON envelope.
 */
import { errorSentence } from "../i18n/errors";
import { i18n } from "../i18n/i18n";
import type { ErrorEnvelope } from "./types";

/** A failed /api/v1 call: HTTP `status` (0 = no answer), dotted `code`, readable `message`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Codes that mean the stored device token no longer works: the client signs out. */
export const SIGNED_OUT_CODES: ReadonlySet<string> = new Set([
  "auth.token_revoked",
  "auth.token_invalid",
  "auth.token_missing",
]);

/** Per-request options: `auth: false` sends no token; `bearer` sends that token instead of the session's. */
export interface RequestOptions {
  body?: unknown;
  auth?: boolean;
  bearer?: string;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Origin + prefix, default `/api/v1` (same origin). */
  baseUrl?: string;
  /** The signed-in device token, or null. */
  getToken: () => string | null;
  /** Called when a request made with the session token is refused with a SIGNED_OUT_CODES code. */
  onSignedOut?: (error: ApiError) => void;
  fetchImpl?: typeof fetch;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  del<T>(path: string, options?: RequestOptions): Promise<T>;
}

/** Turns a non-2xx response into an ApiError (reads the envelope; tolerates anything else). */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  try {
    const parsed = JSON.parse(text) as Partial<ErrorEnvelope>;
    const error = parsed.error;
    if (error && typeof error.code === "string" && typeof error.message === "string") {
      return new ApiError(response.status, error.code, error.message, error.requestId, error.details);
    }
  } catch {
    // not JSON; fall through
  }
  return new ApiError(
    response.status,
    "client.bad_response",
    i18n.t("common.serverNoExplanation", { status: response.status }),
  );
}

/** Builds the API client. Paths are relative to `/api/v1`, e.g. `api.get("/devices")`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? "/api/v1";
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));

  async function request<T>(method: string, path: string, req: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    const sessionToken = req.auth === false || req.bearer !== undefined ? null : options.getToken();
    const token = req.bearer ?? sessionToken;
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (req.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(req.body);
    }
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, { method, headers, body, signal: req.signal });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
      throw new ApiError(0, "client.network_unreachable", errorSentence("client.network_unreachable"));
    }
    if (!response.ok) {
      const error = await errorFromResponse(response);
      if (sessionToken && SIGNED_OUT_CODES.has(error.code)) options.onSignedOut?.(error);
      throw error;
    }
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    if (text === "") return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(response.status, "client.bad_response", errorSentence("client.bad_response"));
    }
  }

  return {
    request,
    get: (path, o) => request("GET", path, o),
    post: (path, body, o) => request("POST", path, { ...o, body }),
    patch: (path, body, o) => request("PATCH", path, { ...o, body }),
    put: (path, body, o) => request("PUT", path, { ...o, body }),
    del: (path, o) => request("DELETE", path, o),
  };
}

/** An error as screens show it: dotted code, the server's message, the envelope's details. */
export interface DescribedError {
  code: string;
  message: string;
  details?: unknown;
}

/**
 * A displayable error for anything thrown by a network action; screens localize it by code
 * (web/src/i18n/errors.ts); `message`, the server's own sentence, shows only without a translation.
 */
export function describeError(error: unknown): DescribedError {
  if (error instanceof ApiError)
    return error.details === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, details: error.details };
  if (error instanceof Error) return { code: "client.unexpected", message: error.message };
  return { code: "client.unexpected", message: "" };
}
