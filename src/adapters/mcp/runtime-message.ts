/**
 * Person-readable replacements for raw runtime failure text in MCP errors (docs/spec/mcp-platform.md §9,
 * docs/spec/mcp-platform.md §13 `mcp.discovery_initialize_failed`, `mcp.call_initialize_failed`; ADR 0391).
 *
 * When a connection cannot be made, workerd's `fetch` rejects with text such as
 * `internal error; reference = v2tq…` (Node says `fetch failed`, `ECONNREFUSED`, …). That text
 * means nothing to a person and names runtime internals, so it never reaches an error message:
 * WireSession records a `connect_failed` fault with connectFailureMessage, and every place that
 * turns an SDK error into a message passes it through readableFailure as well.
 */
import { redactEndpoint } from "../../domain/mcp/endpoint";

/** Raw runtime / network-stack texts that are replaced (never shown). */
const RUNTIME_NOISE: readonly RegExp[] = [
  /internal error;?\s*reference\s*=/i,
  /\bfetch failed\b/i,
  /\bfailed to fetch\b/i,
  /network connection lost/i,
  /\b(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT)\b/,
  /\bgetaddrinfo\b/i,
  /dns (lookup|resolution) failed/i,
];

/** "Could not connect to <endpoint without userinfo>: …" for a request that never got an answer. */
export function connectFailureMessage(endpoint: string | URL): string {
  return `Could not connect to ${redactEndpoint(String(endpoint))}: the host could not be resolved, refused the connection, or closed it before answering.`;
}

/** True when `text` is raw runtime failure text (see RUNTIME_NOISE). */
export function isRuntimeNoise(text: string): boolean {
  return RUNTIME_NOISE.some((pattern) => pattern.test(text));
}

/** `text` itself, or connectFailureMessage(endpoint) when it is raw runtime failure text. */
export function readableFailure(text: string, endpoint: string | URL): string {
  return isRuntimeNoise(text) ? connectFailureMessage(endpoint) : text;
}

/**
 * The one plain sentence for an HTTP 401 / 403 from an MCP server (docs/spec/hardening.md
 * "Refused calls and credentials"): what the server wants and where credentials go (a header of
 * the registration). Starts lower-case: it follows "…could not be started: ". `sentHeaders`: the registration already has custom headers. Null for other
 * statuses.
 */
export function credentialsFailureText(status: number, sentHeaders: boolean): string | null {
  if (status === 401)
    return sentHeaders
      ? "the server did not accept the credentials in this registration's headers (HTTP 401); check the header values, for example Authorization: Bearer <token>."
      : "the server requires credentials (HTTP 401); add them as a header of this registration, for example Authorization: Bearer <token>.";
  if (status === 403)
    return "the server refused access with these credentials (HTTP 403); check the headers of this registration and the account's permissions on the server.";
  return null;
}
