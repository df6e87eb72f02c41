/**
 * One `tools/call` on a started client (docs/spec/mcp-platform.md §11 (gateway), in order):
 * tools capability → (no snapshot tool on a 2026-07-28 connection) page `tools/list` until the
 * target appears → send with `toolDefinition` (the snapshot's tool without `outputSchema`, so the
 * SDK mirrors `Mcp-Param-*` headers without a round trip, skips its HEADER_MISMATCH re-send and
 * never validates structured content after the server already ran the call).
 * `client.callTool` parses results strictly, so its `request` is wrapped to use a permissive result
 * schema: unknown content types become diagnostics (call-result.ts).
 * Before the request leaves: NotSent. After: cancel → `mcp.call_cancelled`, timeout →
 * `mcp.call_timeout`, anything else (broken, unparseable, > 4 MiB) → `mcp.call_response_failed`.
 *
 * Refused before processing (docs/decisions/3000): an HTTP 401/403 answer to the `tools/call`
 * POST → NotSent `mcp.call_unauthorized`; 404 (or a 400 naming the session) → NotSent
 * `mcp.call_session_expired`. The client has no auth provider and never re-initializes, so
 * nothing is sent again on its own.
 *
 * Progress (docs/spec/hardening.md "Long tool calls"): the call carries `_meta.progressToken`;
 * each `notifications/progress` for it restarts the idle timeout (`callMs`, 60 s) under the
 * absolute cap `callMaxMs` (10 min). A timeout stays OutcomeUnknown and the SDK sends
 * `notifications/cancelled` for the request.
 */
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from "@modelcontextprotocol/client";
import { notSent, outcomeUnknown, type McpCallOutcome } from "../../domain/mcp/call-outcome";
import { formatSeconds, type McpTimeouts } from "../../domain/mcp/gateway-limits";
import type { McpCallRequest } from "../../ports/mcp-gateway";
import type { StartedClient } from "./client-factory";
import { ListError, listAllTools, PERMISSIVE } from "./list-pages";
import { projectCallResult } from "./call-result";
import { credentialsFailureText, readableFailure } from "./runtime-message";

type AnyRequest = (request: unknown, schemaOrOptions?: unknown, options?: unknown) => Promise<unknown>;

/** Makes `client.request` parse `tools/call` results with the permissive schema. */
function permissiveToolsCall(started: StartedClient): void {
  const client = started.client as unknown as { request: AnyRequest };
  const original = client.request.bind(client) as AnyRequest;
  client.request = (request, schemaOrOptions, options) => {
    const isCall = (request as { method?: string })?.method === "tools/call";
    const hasSchema = typeof schemaOrOptions === "object" && schemaOrOptions !== null && "~standard" in schemaOrOptions;
    if (isCall && !hasSchema) return original(request, PERMISSIVE, schemaOrOptions);
    return original(request, schemaOrOptions, options);
  };
}

async function toolDefinitionFor(
  started: StartedClient,
  request: McpCallRequest,
  timeouts: McpTimeouts,
  signal: AbortSignal,
): Promise<Record<string, unknown> | McpCallOutcome> {
  const name = request.nativeName;
  if (request.tool) {
    const { nativeName, title, description, inputSchema, annotations } = request.tool;
    return {
      name: nativeName,
      inputSchema,
      ...(title !== null ? { title } : {}),
      ...(description !== null ? { description } : {}),
      ...(Object.keys(annotations).length ? { annotations } : {}),
    };
  }
  if (started.era.kind !== "modern") return { name, inputSchema: { type: "object" } };
  let tools;
  try {
    tools = await listAllTools(started.client, started.session, {
      pageTimeoutMs: timeouts.listMs,
      signal,
      stopAt: name,
    });
  } catch (error) {
    if (signal.aborted)
      return notSent("mcp.call_cancelled_before_send", "The tool request was cancelled before it was sent.");
    if (error instanceof ListError && error.kind === "timeout")
      return notSent(
        "mcp.call_metadata_timeout",
        `Listing the server's tools to prepare the call timed out: ${error.message}`,
      );
    return notSent(
      "mcp.call_metadata_failed",
      `Listing the server's tools to prepare the call failed: ${readableFailure(error instanceof Error ? error.message : String(error), started.session.url)}`,
    );
  }
  const found = tools.map((tool) => tool.value as Record<string, unknown>).find((tool) => tool?.name === name);
  if (!found)
    return notSent("mcp.call_tool_unavailable", `The server does not offer a tool named "${name.slice(0, 120)}".`);
  const { outputSchema: _dropped, ...definition } = found;
  return definition;
}

/** Sends the call on `started` and maps every result and failure to an outcome. */
export async function sendToolCall(
  started: StartedClient,
  request: McpCallRequest,
  timeouts: McpTimeouts,
): Promise<McpCallOutcome> {
  const abort = new AbortController();
  const relay = () => abort.abort(request.signal?.reason ?? new Error("cancelled"));
  if (request.signal?.aborted) relay();
  else request.signal?.addEventListener("abort", relay, { once: true });
  started.session.onFault = () => abort.abort(new Error("transport fault"));
  try {
    if (!started.hasTools) return notSent("mcp.call_tools_capability_missing", "The MCP server does not offer tools.");
    const definition = await toolDefinitionFor(started, request, timeouts, abort.signal);
    if ("outcome" in definition) return definition as McpCallOutcome;
    if (abort.signal.aborted)
      return notSent("mcp.call_cancelled_before_send", "The tool request was cancelled before it was sent.");
    permissiveToolsCall(started);
    let raw: unknown;
    // The SDK checks `maxTotalTimeout` only when progress arrives; this timer enforces the cap
    // even when the server falls silent just before it.
    let capped = false;
    const cap = setTimeout(() => {
      capped = true;
      abort.abort(new SdkError(SdkErrorCode.RequestTimeout, "Maximum total timeout exceeded"));
    }, timeouts.callMaxMs);
    try {
      raw = await started.client.callTool(
        { name: request.nativeName, arguments: request.arguments },
        {
          toolDefinition: definition as never,
          timeout: timeouts.callMs,
          resetTimeoutOnProgress: true,
          maxTotalTimeout: timeouts.callMaxMs,
          // Registering a progress handler makes the SDK send `_meta.progressToken`.
          onprogress: () => undefined,
          signal: abort.signal,
          allowInputRequired: true,
        },
      );
    } catch (error) {
      return failureOutcome(error, started, request, timeouts, capped);
    } finally {
      clearTimeout(cap);
    }
    return projectCallResult(raw);
  } finally {
    request.signal?.removeEventListener("abort", relay);
    started.session.onFault = null;
  }
}

function failureOutcome(
  error: unknown,
  started: StartedClient,
  request: McpCallRequest,
  timeouts: McpTimeouts,
  capped: boolean,
): McpCallOutcome {
  const sent = started.session.toolsCallIssued;
  const cancelled = request.signal?.aborted === true;
  if (!sent) {
    if (cancelled)
      return notSent("mcp.call_cancelled_before_send", "The tool request was cancelled before it was sent.");
    return notSent("mcp.call_not_queued", `The tool request could not be sent: ${describe(error, started)}`);
  }
  const refused = refusedBeforeProcessing(error, started);
  if (refused) return refused;
  if (error instanceof ProtocolError && !started.session.fault) {
    const data = (error as { data?: unknown }).data;
    return {
      outcome: "known_response",
      response: {
        kind: "server_error",
        code: error.code,
        message: stripPrefix(error.message),
        ...(data !== undefined ? { data } : {}),
      },
    };
  }
  if (cancelled)
    return outcomeUnknown(
      "mcp.call_cancelled",
      "The call was cancelled after it was sent; the server may still have run it.",
    );
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout && !started.session.fault) {
    const total = capped || /maximum total timeout/i.test(error.message);
    return outcomeUnknown(
      "mcp.call_timeout",
      total
        ? `The call was still running after the ${formatMinutes(timeouts.callMaxMs)} limit for one tool call (the server kept reporting progress); it was cancelled, and the server may still have run the tool.`
        : `The server sent neither an answer nor progress for ${formatSeconds(timeouts.callMs)}; the call was cancelled, and the server may still have run the tool.`,
    );
  }
  return outcomeUnknown(
    "mcp.call_response_failed",
    `The server's response could not be read (${describe(error, started)}); the tool may have run.`,
  );
}

/**
 * NotSent for an HTTP answer that says the server did not process the call (docs/decisions/3000):
 * 401/403 → `mcp.call_unauthorized`; 404, or a 400 whose body names the session →
 * `mcp.call_session_expired`. Null for anything else (the remote state stays unknown).
 */
function refusedBeforeProcessing(error: unknown, started: StartedClient): McpCallOutcome | null {
  if (!(error instanceof SdkHttpError) || started.session.fault) return null;
  const status = error.status;
  const body = String((error.data as { text?: unknown } | undefined)?.text ?? "");
  const sentHeaders = Object.keys(started.headers).length > 0;
  if (status === 401 || status === 403)
    return notSent(
      "mcp.call_unauthorized",
      `The server refused the call before running it: ${credentialsFailureText(status, sentHeaders)}`,
    );
  if (status === 404 || (status === 400 && /session/i.test(body)))
    return notSent(
      "mcp.call_session_expired",
      `The server no longer knows this connection's session (HTTP ${status}) and did not run the tool; calling it again starts a new session.`,
    );
  return null;
}

/** `600000` → `"10 min"`. */
function formatMinutes(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} min` : formatSeconds(ms);
}

function describe(error: unknown, started: StartedClient): string {
  if (started.session.fault) return started.session.fault.message;
  const status = (error as { status?: unknown })?.status;
  const text = readableFailure(error instanceof Error ? error.message : String(error), started.session.url)
    .replace(/\s+/g, " ")
    .slice(0, 300);
  return typeof status === "number" ? `HTTP ${status}: ${text}` : text;
}

/** The SDK prefixes JSON-RPC error messages with "MCP error <code>: "; the server's text is kept. */
function stripPrefix(message: string): string {
  return message.replace(/^MCP error -?\d+:\s*/, "");
}
