/**
 * Builds and starts one short-lived MCP client (docs/spec/mcp-platform.md §6, §12) with every hidden
 * retry of the v2 SDK switched off (ADR 0450): `requestInit.redirect =
 * 'manual'` plus the WireSession fetch (no redirects), `reconnectionOptions.maxRetries: 0` (no SSE
 * reconnection), `inputRequired.autoFulfill: false`, no auth provider (no step-up retry), probe
 * `maxRetries: 0`.
 *
 * Protocol preference → SDK options:
 * - `auto` → `versionNegotiation {mode:'auto'}`, legacy versions 2025-11-25, 2025-06-18, 2025-03-26;
 * - `2026-07-28` → `{pin:'2026-07-28'}`;
 * - a fixed 2025-* version → `{mode:'legacy'}` with only that version supported.
 * After start-up the negotiated version must be in the preference's accepted set.
 * One extra fresh client with a plain legacy `initialize` is tried, within the same lifecycle
 * budget, only when start-up failed with JSON-RPC -32000 or the connection closed first.
 */
import {
  Client,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import type { McpEraHint } from "../../domain/mcp/discovered-catalog";
import { formatSeconds, type McpTimeouts } from "../../domain/mcp/gateway-limits";
import { MCP_PROTOCOL_VERSIONS, type McpDatedProtocolVersion } from "../../domain/mcp/registration";
import type { McpConnectionTarget, McpProtocolPreference } from "../../ports/mcp-gateway";
import { credentialsFailureText, readableFailure } from "./runtime-message";
import { WireSession } from "./wire-session";

const MODERN = "2026-07-28" satisfies McpDatedProtocolVersion;
/** The dated 2025-* versions, newest first, from the one list in domain/mcp/registration. */
const LEGACY_VERSIONS: string[] = MCP_PROTOCOL_VERSIONS.filter((version) => version !== "auto" && version !== MODERN);

/** Why a start-up failed; mapped to discovery errors or NotSent codes by the callers. */
export class StartError extends Error {
  constructor(
    readonly kind: "timeout" | "failed" | "peer_info_missing" | "cancelled",
    message: string,
  ) {
    super(message);
  }
}

export interface StartedClient {
  client: Client;
  /** The registration's custom headers as sent (only their presence is used, for messages). */
  headers: Record<string, string>;
  session: WireSession;
  protocolVersion: string;
  era: McpEraHint;
  serverName: string | null;
  serverVersion: string | null;
  hasTools: boolean;
}

/** The versions a preference accepts after negotiation. */
export function acceptedVersions(preference: McpProtocolPreference): string[] {
  return preference === "auto" ? [MODERN, ...LEGACY_VERSIONS] : [preference];
}

function clientOptions(preference: McpProtocolPreference, forceLegacy: boolean) {
  const base = { inputRequired: { autoFulfill: false }, capabilities: {} };
  if (preference === MODERN)
    return { ...base, versionNegotiation: { mode: { pin: MODERN }, probe: { maxRetries: 0 } } };
  if (preference === "auto") {
    return {
      ...base,
      supportedProtocolVersions: [...LEGACY_VERSIONS, MODERN],
      versionNegotiation: { mode: forceLegacy ? ("legacy" as const) : ("auto" as const), probe: { maxRetries: 0 } },
    };
  }
  return { ...base, supportedProtocolVersions: [preference], versionNegotiation: { mode: "legacy" as const } };
}

function build(
  target: McpConnectionTarget,
  timeouts: McpTimeouts,
  forceLegacy: boolean,
  identity: { name: string; version: string },
) {
  const session = new WireSession({ endpoint: target.endpoint, connectMs: timeouts.connectMs });
  const client = new Client(identity, clientOptions(target.protocolVersion, forceLegacy));
  client.onerror = () => undefined; // transport noise (e.g. the standalone SSE stream closing) is not an outcome
  const transport = new StreamableHTTPClientTransport(session.url, {
    fetch: session.fetch,
    requestInit: { redirect: "manual", headers: { ...target.headers } },
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1000,
      maxReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1,
    },
  });
  return { client, session, transport };
}

function retryable(error: unknown, session: WireSession): boolean {
  if (session.fault) return false;
  if (error instanceof ProtocolError && error.code === -32000) return true;
  return error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed;
}

/**
 * A person-readable reason for a start-up failure (WireSession fault first; no secrets; raw
 * runtime text such as workerd's `internal error; reference = …` replaced, ./runtime-message).
 */
export function describeFailure(error: unknown, session: WireSession, sentHeaders = false): string {
  if (session.fault) return session.fault.message;
  const status = (error as { status?: unknown })?.status;
  const credentials = typeof status === "number" ? credentialsFailureText(status, sentHeaders) : null;
  if (credentials) return credentials;
  const text = error instanceof Error ? error.message : String(error);
  const trimmed = readableFailure(text, session.url).replace(/\s+/g, " ").slice(0, 300);
  return typeof status === "number" ? `HTTP ${status}${trimmed ? `: ${trimmed}` : ""}` : trimmed || "unknown error";
}

/** Closes a client, waiting at most `closeMs`; failures are logged only. */
export async function closeQuietly(started: { client: Client; session: WireSession }, closeMs: number): Promise<void> {
  // A timed-out or cancelled call's `notifications/cancelled` must leave before the close aborts it.
  await started.session.flushNotices(closeMs);
  started.session.closing = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      started.client.close(),
      new Promise((resolve) => {
        timer = setTimeout(resolve, closeMs);
      }),
    ]);
  } catch (error) {
    console.warn(
      JSON.stringify({
        level: "warn",
        code: "mcp.client_close_failed",
        message: error instanceof Error ? error.message.slice(0, 200) : "close failed",
      }),
    );
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * Starts a client for `target` within `timeouts.lifecycleMs`. Throws StartError. `signal`
 * aborts start-up (kind `cancelled`).
 */
export async function startClient(
  target: McpConnectionTarget,
  timeouts: McpTimeouts,
  identity: { name: string; version: string },
  signal?: AbortSignal,
): Promise<StartedClient> {
  const deadline = Date.now() + timeouts.lifecycleMs;
  let attempt = build(target, timeouts, false, identity);
  const prior =
    target.protocolVersion === "auto"
      ? target.era
      : target.protocolVersion === MODERN && target.era?.kind === "modern"
        ? target.era
        : undefined;
  const connect = async (forceLegacy: boolean) => {
    const remaining = Math.max(1, deadline - Date.now());
    const usePrior = forceLegacy ? undefined : prior;
    await attempt.client.connect(attempt.transport, {
      timeout: remaining,
      ...(signal ? { signal } : {}),
      ...(usePrior ? { prior: usePrior as never } : {}),
    });
  };
  try {
    try {
      await connect(false);
    } catch (error) {
      if (
        signal?.aborted ||
        !retryable(error, attempt.session) ||
        target.protocolVersion === MODERN ||
        Date.now() >= deadline
      )
        throw error;
      await closeQuietly(attempt, timeouts.closeMs);
      attempt = build(target, timeouts, true, identity);
      await connect(true);
    }
  } catch (error) {
    await closeQuietly(attempt, timeouts.closeMs);
    if (signal?.aborted) throw new StartError("cancelled", "The request was cancelled before it was sent.");
    const timedOut =
      (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) ||
      attempt.session.fault?.kind === "connect_timeout";
    if (timedOut)
      throw new StartError(
        "timeout",
        attempt.session.fault?.message ??
          `The server did not finish start-up within ${formatSeconds(timeouts.lifecycleMs)}.`,
      );
    throw new StartError("failed", describeFailure(error, attempt.session, Object.keys(target.headers).length > 0));
  }
  const { client, session } = attempt;
  const protocolVersion = client.getNegotiatedProtocolVersion() ?? "";
  if (!acceptedVersions(target.protocolVersion).includes(protocolVersion)) {
    await closeQuietly(attempt, timeouts.closeMs);
    throw new StartError(
      "failed",
      `The server negotiated protocol ${protocolVersion || "(none)"}, which this registration's preference (${target.protocolVersion}) does not accept.`,
    );
  }
  const info = client.getServerVersion();
  if (!info) {
    await closeQuietly(attempt, timeouts.closeMs);
    throw new StartError("peer_info_missing", "The server did not report its name and version.");
  }
  const discover = client.getProtocolEra() === "modern" ? client.getDiscoverResult() : undefined;
  const era: McpEraHint = discover
    ? { kind: "modern", discover: JSON.parse(JSON.stringify(discover)) as Record<string, unknown> }
    : { kind: "legacy" };
  return {
    client,
    headers: target.headers,
    session,
    protocolVersion,
    era,
    serverName: typeof info.name === "string" ? info.name : null,
    serverVersion: typeof info.version === "string" ? info.version : null,
    hasTools: Boolean(client.getServerCapabilities()?.tools),
  };
}
