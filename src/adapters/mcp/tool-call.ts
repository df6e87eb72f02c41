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
 */
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { notSent, outcomeUnknown, type McpCallOutcome } from "../../domain/mcp/call-outcome";
import { formatSeconds, type McpTimeouts } from "../../domain/mcp/gateway-limits";
import type { McpCallRequest } from "../../ports/mcp-gateway";
import type { StartedClient } from "./client-factory";
import { ListError, listAllTools, PERMISSIVE } from "./list-pages";
import { projectCallResult } from "./call-result";
import { readableFailure } from "./runtime-message";

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
    try {
      raw = await started.client.callTool(
        { name: request.nativeName, arguments: request.arguments },
        {
          toolDefinition: definition as never,
          timeout: timeouts.callMs,
          signal: abort.signal,
          allowInputRequired: true,
        },
      );
    } catch (error) {
      return failureOutcome(error, started, request, timeouts);
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
): McpCallOutcome {
  const sent = started.session.toolsCallIssued;
  const cancelled = request.signal?.aborted === true;
  if (!sent) {
    if (cancelled)
      return notSent("mcp.call_cancelled_before_send", "The tool request was cancelled before it was sent.");
    return notSent("mcp.call_not_queued", `The tool request could not be sent: ${describe(error, started)}`);
  }
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
    return outcomeUnknown(
      "mcp.call_timeout",
      `The server did not answer within ${formatSeconds(timeouts.callMs)}; it may still have run the tool.`,
    );
  }
  return outcomeUnknown(
    "mcp.call_response_failed",
    `The server's response could not be read (${describe(error, started)}); the tool may have run.`,
  );
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
