/**
 * Send-time recheck and call of a model-selected MCP tool (docs/spec/mcp-platform.md §4, §11 "Permitted
 * call", docs/spec/tool-system.md §3). Used by the agent loop and chat generation for every model tool call; a call to an
 * Ask tool reaches it only after the user approved it (docs/spec/approvals.md).
 *
 * Gate order, each failure a recoverable NotSent outcome (`{outcome:"not_sent", issue}`):
 * 1. signal already aborted → `mcp.call_cancelled_before_send`;
 * 2. ToolId not a strict MCP ToolId → THROWS AppError (`mcp.provider_id_invalid`,
 *    `mcp.registration_id_invalid`, `mcp.registration_id_noncanonical`, `tool.*`): a host bug;
 * 3. serialized arguments > 256 KiB → `mcp.call_arguments_size_limit`; not a JSON object →
 *    `mcp.call_arguments_not_object`;
 * 4. registration reloaded now: missing → `mcp.call_registration_not_found`; unreadable or not
 *    decryptable → `mcp.call_registration_unavailable`; paused → `mcp.call_server_paused`;
 *    permission Off → `mcp.call_permission_off`;
 * 5. McpGateway.call with the catalog snapshot's tool definition and era hint when cached
 *    (memory → SQLite, never the network); its outcome is returned as is.
 */
import { notSent, type McpCallOutcome } from "../../domain/mcp/call-outcome";
import { MCP_LIMITS } from "../../domain/mcp/gateway-limits";
import { parseMcpToolId, type ToolId } from "../../domain/tools/tool-id";
import type { CatalogCache } from "../../ports/catalog-cache";
import type { McpCallRequest, McpConnectionTarget, McpGateway } from "../../ports/mcp-gateway";
import type { ConnectableRegistrationSource } from "../../ports/tool-registrations";

/** Dependencies: registrations (reloaded per call), cached catalogs, the gateway. */
export interface PermittedToolCallDeps {
  registrations: ConnectableRegistrationSource;
  catalogs: CatalogCache;
  gateway: Pick<McpGateway, "call">;
}

export class PermittedToolCaller {
  constructor(private readonly deps: PermittedToolCallDeps) {}

  /** See the file docstring. `args` are the gate-normalized object arguments (raw-JSON big integers allowed). */
  async callPermittedTool(toolId: ToolId, args: unknown, signal?: AbortSignal): Promise<McpCallOutcome> {
    if (signal?.aborted) return notSent("mcp.call_cancelled_before_send", "The call was cancelled before it was sent.");
    const { registrationId, nativeName } = parseMcpToolId(toolId);
    const bytes = new TextEncoder().encode(JSON.stringify(args) ?? "").length;
    if (bytes > MCP_LIMITS.argumentsBytes) {
      return notSent(
        "mcp.call_arguments_size_limit",
        `Tool arguments are ${bytes} bytes; the limit is ${MCP_LIMITS.argumentsBytes} bytes (256 KiB).`,
      );
    }
    if (typeof args !== "object" || args === null || Array.isArray(args)) {
      return notSent("mcp.call_arguments_not_object", "Tool arguments must be a JSON object.");
    }
    const found = await this.deps.registrations.lookupForConnection(registrationId);
    if (found.status === "missing")
      return notSent("mcp.call_registration_not_found", `MCP registration ${registrationId} no longer exists.`);
    if (found.status === "unavailable")
      return notSent(
        "mcp.call_registration_unavailable",
        `MCP registration ${registrationId} could not be loaded: ${found.issue.message}`,
      );
    const registration = found.registration;
    if (registration.state !== "active")
      return notSent("mcp.call_server_paused", `MCP server "${registration.displayName}" is paused.`);
    if (!Object.hasOwn(registration.toolPermissions, nativeName)) {
      return notSent(
        "mcp.call_permission_off",
        `Tool "${nativeName}" of "${registration.displayName}" is Off in the MCP Manager.`,
      );
    }
    if (signal?.aborted) return notSent("mcp.call_cancelled_before_send", "The call was cancelled before it was sent.");
    const cached = await this.deps.catalogs.readCached(registrationId);
    const target: McpConnectionTarget = {
      registrationId,
      endpoint: registration.endpoint,
      headers: registration.headers,
      protocolVersion: registration.protocolVersion,
      ...(cached.status === "cached" && cached.era ? { era: cached.era } : {}),
    };
    const tool =
      cached.status === "cached"
        ? cached.catalog.tools.find((candidate) => candidate.nativeName === nativeName)
        : undefined;
    const request: McpCallRequest = {
      nativeName,
      arguments: args as Record<string, unknown>,
      ...(tool ? { tool } : {}),
      ...(signal ? { signal } : {}),
    };
    return this.deps.gateway.call(target, request);
  }
}
