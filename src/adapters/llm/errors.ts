/**
 * Maps whatever the AI SDK or fetch threw into a ModelError (docs/spec/agent-runtime.md §7; issue
 * [model-gateway] "Errors mapped to model.* codes"):
 * 429 → `model.provider_rate_limited` (retryable, `retryAfterMs` when sent) · 5xx, 408 and network →
 * `model.request_failed` (retryable) · 3xx → `model.request_failed` (not retryable) · 401/403 →
 * `model.provider_denied` · other 4xx → `model.provider_rejected` · unreadable body (non-JSON,
 * schema mismatch, empty) → `model.upstream_invalid_response` (retryable) · an error event inside
 * a stream → `model.stream_failed` (retryable; rate-limit events → rate_limited) · aborted →
 * `model.cancelled`. Messages quote the provider's own message (≤ 300 chars) with the API key
 * scrubbed; request bodies and headers are never included. A refused connection (workerd's
 * "Network connection lost", ECONNREFUSED, "connection refused") is worded "the server refused
 * the connection or is not running" instead of the runtime's text (ADR 1461). The provider's own
 * words also go alone in `details.providerMessage` (scrubbed, ≤ 300 chars) for clients' second line. `providerLabel`
 * is the sentence-start form ("The OpenAI-compatible endpoint"); mid-sentence it is lower-cased.
 */
import {
  APICallError,
  EmptyResponseBodyError,
  InvalidResponseDataError,
  JSONParseError,
  LoadAPIKeyError,
  TypeValidationError,
  UnsupportedFunctionalityError,
  InvalidPromptError,
} from "@ai-sdk/provider";
import { ModelError } from "../../domain/models/errors";
import { RedirectRefusedError } from "./fetch";

/** Context for scrubbing and for the abort check. */
export interface ErrorContext {
  signal?: AbortSignal;
  apiKey: string;
  providerLabel: string;
}

/** Turns any thrown value into a ModelError. */
export function toModelError(error: unknown, ctx: ErrorContext): ModelError {
  if (error instanceof ModelError) return error;
  if (ctx.signal?.aborted || isAbort(error)) return cancelled();
  const scrub = (text: string) => scrubSecret(text, ctx.apiKey);
  const redirect = findCause(error, (e): e is RedirectRefusedError => e instanceof RedirectRefusedError);
  if (redirect) return new ModelError("model.request_failed", redirect.message, { status: redirect.status }, false);
  if (APICallError.isInstance(error)) return fromApiCall(error, ctx.providerLabel, scrub);
  if (
    JSONParseError.isInstance(error) ||
    TypeValidationError.isInstance(error) ||
    InvalidResponseDataError.isInstance(error) ||
    EmptyResponseBodyError.isInstance(error)
  ) {
    return new ModelError(
      "model.upstream_invalid_response",
      `${ctx.providerLabel} sent a response that could not be read (${short(scrub(error.message))}).`,
    );
  }
  if (LoadAPIKeyError.isInstance(error))
    return new ModelError("model.provider_denied", `${ctx.providerLabel} needs an API key; this connection has none.`);
  if (UnsupportedFunctionalityError.isInstance(error) || InvalidPromptError.isInstance(error)) {
    return new ModelError(
      "model.request_build_failed",
      `The request cannot be sent to ${midSentence(ctx.providerLabel)}: ${short(scrub(error.message))}`,
    );
  }
  if (error instanceof Error) return unreachable(error, error.message, ctx.providerLabel, scrub);
  if (isObject(error)) return fromStreamErrorObject(error, ctx.providerLabel, scrub);
  return new ModelError(
    "model.request_failed",
    `The request to ${midSentence(ctx.providerLabel)} failed: ${short(scrub(String(error)))}`,
  );
}

/** Wording of a refused connection, in place of the runtime's own text. */
export const CONNECTION_REFUSED_TEXT = "the server refused the connection or is not running";

const REFUSED_PATTERN = /network connection lost|connection refused|econnrefused/i;

/** `model.request_failed` "Could not reach <label>: …" for a request that never got an answer. */
function unreachable(
  error: unknown,
  text: string,
  label: string,
  scrub: (text: string) => string,
  details?: Record<string, unknown>,
): ModelError {
  const refused = findCause(error, isRefused) !== undefined;
  const reason = refused ? `${CONNECTION_REFUSED_TEXT}.` : short(scrub(text));
  return new ModelError("model.request_failed", `Could not reach ${midSentence(label)}: ${reason}`, details);
}

function isRefused(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const { message, code } = error as Error & { code?: unknown };
  return code === "ECONNREFUSED" || (typeof message === "string" && REFUSED_PATTERN.test(message));
}

/** A provider label inside a sentence: "The OpenAI-compatible endpoint" → "the OpenAI-compatible endpoint". */
function midSentence(label: string): string {
  return label.startsWith("The ") ? `the ${label.slice(4)}` : label;
}

/** The error of a step aborted through its AbortSignal. */
export function cancelled(): ModelError {
  return new ModelError("model.cancelled", "The model request was cancelled.");
}

function fromApiCall(error: APICallError, label: string, scrub: (text: string) => string): ModelError {
  const status = error.statusCode;
  const providerMessage = short(scrub(providerMessageOf(error)));
  const providerCode = providerCodeOf(error.data);
  // The provider's own words apart from our sentence, for clients that show them under a translation.
  const said = providerMessage === "no details" ? {} : { providerMessage };
  if (status === undefined) return unreachable(error, providerMessage, label, scrub, { providerCode });
  if (status >= 200 && status < 300) {
    return new ModelError(
      "model.upstream_invalid_response",
      `${label} answered ${status} with a body that could not be read.`,
      { status },
    );
  }
  if (status === 429) {
    return new ModelError(
      "model.provider_rate_limited",
      `${label} is rate limiting requests (HTTP 429): ${providerMessage}`,
      { status, providerCode, ...said, retryAfterMs: retryAfterMs(error.responseHeaders) },
    );
  }
  if (status === 401 || status === 403) {
    return new ModelError(
      "model.provider_denied",
      `${label} refused the credentials (HTTP ${status}): ${providerMessage}`,
      { status, providerCode, ...said },
    );
  }
  if (status >= 500 || status === 408) {
    return new ModelError("model.request_failed", `${label} failed (HTTP ${status}): ${providerMessage}`, {
      status,
      providerCode,
      ...said,
    });
  }
  if (status >= 300 && status < 400)
    return new ModelError(
      "model.request_failed",
      `${label} answered with a redirect (HTTP ${status}); redirects are not followed.`,
      { status },
      false,
    );
  return new ModelError(
    "model.provider_rejected",
    `${label} rejected the request (HTTP ${status}): ${providerMessage}`,
    { status, providerCode, ...said },
  );
}

function fromStreamErrorObject(
  error: Record<string, unknown>,
  label: string,
  scrub: (text: string) => string,
): ModelError {
  const inner = isObject(error.error) ? error.error : error;
  const message = typeof inner.message === "string" ? inner.message : JSON.stringify(inner).slice(0, 200);
  const providerCode = [inner.code, inner.type, inner.status].find((v): v is string => typeof v === "string");
  if (providerCode && /rate_limit|rate-limit|429|resource_exhausted/i.test(providerCode)) {
    return new ModelError(
      "model.provider_rate_limited",
      `${label} is rate limiting requests: ${short(scrub(message))}`,
      { providerCode, providerMessage: short(scrub(message)) },
    );
  }
  return new ModelError("model.stream_failed", `${label} reported an error while streaming: ${short(scrub(message))}`, {
    providerCode,
    providerMessage: short(scrub(message)),
  });
}

function providerMessageOf(error: APICallError): string {
  if (error.message && error.message.trim() !== "") return error.message;
  return error.responseBody ? error.responseBody : "no details";
}

function providerCodeOf(data: unknown): string | undefined {
  if (!isObject(data)) return undefined;
  const inner = isObject(data.error) ? data.error : data;
  const value = [inner.code, inner.type, inner.status].find((v) => typeof v === "string" || typeof v === "number");
  return value === undefined ? undefined : String(value);
}

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  const ms = Number(headers?.["retry-after-ms"]);
  if (headers?.["retry-after-ms"] !== undefined && Number.isFinite(ms)) return ms;
  const value = headers?.["retry-after"];
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

function findCause<T>(error: unknown, match: (e: unknown) => e is T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    if (match(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Removes the API key (and its long fragments) from text meant for people or logs. */
export function scrubSecret(text: string, secret: string): string {
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join("[redacted]");
}

function short(text: string): string {
  const single = text.replace(/\s+/g, " ").trim();
  return single.length > 300 ? `${single.slice(0, 300)}…` : single;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
