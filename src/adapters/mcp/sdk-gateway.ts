/**
 * McpGateway over `@modelcontextprotocol/client` 2.4.0 (docs/spec/mcp-platform.md §6, §9–§12). One new
 * short-lived client per discovery or call, always closed (2 s cap; close failures only logged).
 */
import { AppError } from "../../domain/errors";
import { notSent, outcomeUnknown, type McpCallOutcome } from "../../domain/mcp/call-outcome";
import type { McpDiscovery, McpToolDiagnostic } from "../../domain/mcp/discovered-catalog";
import { checkCustomHeaders } from "../../domain/mcp/headers";
import type { McpTimeouts } from "../../domain/mcp/gateway-limits";
import type { McpCallRequest, McpConnectionTarget, McpGateway } from "../../ports/mcp-gateway";
import { closeQuietly, startClient, StartError, type StartedClient } from "./client-factory";
import { readableFailure } from "./runtime-message";
import { ListError, listAllTools } from "./list-pages";
import { validateTools } from "./tool-validation";
import { sendToolCall } from "./tool-call";
import type { ErrorCode } from "../../domain/errors";

const LIST_CODES: Record<string, ErrorCode> = {
  timeout: "mcp.discovery_list_timeout",
  failed: "mcp.discovery_list_failed",
  result_type: "mcp.discovery_result_type_unsupported",
  cursor_cycle: "mcp.discovery_cursor_cycle",
  page_limit: "mcp.discovery_page_limit",
  tool_limit: "mcp.discovery_tool_limit",
  catalog_size: "mcp.discovery_catalog_size_limit",
  cancelled: "mcp.discovery_list_failed",
};

/** Client identity sent in `initialize` / `_meta` (docs/spec/mcp-platform.md §6: product name + app version). */
export interface McpClientIdentity {
  name: string;
  version: string;
}

export class SdkMcpGateway implements McpGateway {
  constructor(
    private readonly timeouts: McpTimeouts,
    private readonly identity: McpClientIdentity,
  ) {}

  /** See McpGateway.discover. */
  async discover(target: McpConnectionTarget): Promise<McpDiscovery> {
    checkCustomHeaders(target.headers);
    let started: StartedClient;
    try {
      started = await startClient(target, this.timeouts, this.identity);
    } catch (error) {
      if (!(error instanceof StartError)) throw error;
      if (error.kind === "timeout")
        throw new AppError(
          "mcp.discovery_initialize_timeout",
          `The MCP server did not start up in time: ${error.message}`,
          undefined,
          { cause: error },
        );
      if (error.kind === "peer_info_missing")
        throw new AppError("mcp.discovery_peer_info_missing", error.message, undefined, { cause: error });
      throw new AppError(
        "mcp.discovery_initialize_failed",
        `The MCP server could not be started: ${error.message}`,
        undefined,
        {
          cause: error,
        },
      );
    }
    try {
      const base = {
        protocolVersion: started.protocolVersion,
        serverName: started.serverName,
        serverVersion: started.serverVersion,
      };
      if (!started.hasTools) return { catalog: { ...base, tools: [], diagnostics: [] }, era: started.era };
      const abort = new AbortController();
      started.session.onFault = () => abort.abort(new Error("transport fault"));
      let raw;
      const listDiagnostics: McpToolDiagnostic[] = [];
      try {
        raw = await listAllTools(started.client, started.session, {
          pageTimeoutMs: this.timeouts.listMs,
          signal: abort.signal,
          diagnostics: listDiagnostics,
        });
      } catch (error) {
        if (!(error instanceof ListError)) throw error;
        const message =
          error.kind === "cancelled"
            ? `tools/list failed: ${started.session.fault?.message ?? "the connection broke"}`
            : error.message;
        throw new AppError(LIST_CODES[error.kind]!, message);
      }
      const { tools, diagnostics } = validateTools(raw, started.era.kind === "modern");
      return { catalog: { ...base, tools, diagnostics: [...listDiagnostics, ...diagnostics] }, era: started.era };
    } finally {
      await closeQuietly(started, this.timeouts.closeMs);
    }
  }

  /** See McpGateway.call. Never rejects. */
  async call(target: McpConnectionTarget, request: McpCallRequest): Promise<McpCallOutcome> {
    const cancelledBeforeSend = () =>
      notSent("mcp.call_cancelled_before_send", "The tool request was cancelled before it was sent.");
    if (request.signal?.aborted) return cancelledBeforeSend();
    try {
      checkCustomHeaders(target.headers);
    } catch (error) {
      return notSent(
        "mcp.call_headers_invalid",
        error instanceof AppError ? error.message : "The registration's headers are not valid.",
      );
    }
    let started: StartedClient;
    try {
      started = await startClient(target, this.timeouts, this.identity, request.signal);
    } catch (error) {
      if (request.signal?.aborted || (error instanceof StartError && error.kind === "cancelled"))
        return cancelledBeforeSend();
      if (error instanceof StartError && error.kind === "timeout")
        return notSent("mcp.call_initialize_timeout", `The MCP server did not start up in time: ${error.message}`);
      if (error instanceof StartError && error.kind === "peer_info_missing")
        return notSent("mcp.call_initialize_failed", error.message);
      return notSent(
        "mcp.call_initialize_failed",
        `The MCP server could not be started: ${readableFailure(error instanceof Error ? error.message : String(error), target.endpoint)}`,
      );
    }
    try {
      return await sendToolCall(started, request, this.timeouts);
    } catch (error) {
      // Defensive: sendToolCall maps every failure itself.
      return outcomeUnknown(
        "mcp.call_response_failed",
        error instanceof Error ? readableFailure(error.message, target.endpoint).slice(0, 300) : "The call failed.",
      );
    } finally {
      await closeQuietly(started, this.timeouts.closeMs);
    }
  }
}
