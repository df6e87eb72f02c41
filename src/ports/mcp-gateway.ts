/**
 * Port: the MCP gateway (docs/spec/mcp-platform.md §6, §8–§12). Implemented by src/adapters/mcp/, the only
 * user of `@modelcontextprotocol/client`. Every discovery and every call uses a new short-lived
 * client that is closed afterwards (close failures are logged, never change the result).
 */
import type { McpCallOutcome } from "../domain/mcp/call-outcome";
import type { McpDiscoveredTool, McpDiscovery, McpEraHint } from "../domain/mcp/discovered-catalog";
import type { McpProtocolVersion } from "../domain/mcp/registration";

/** Protocol version preference of a registration (docs/spec/mcp-platform.md §6; the list is MCP_PROTOCOL_VERSIONS). */
export type McpProtocolPreference = McpProtocolVersion;

/** Where and how to connect: the registration's connection fields, secrets in clear (never logged). */
export interface McpConnectionTarget {
  registrationId: string;
  /** Normalized endpoint, userinfo included (sent as Basic credentials, never in the URL). */
  endpoint: string;
  headers: Record<string, string>;
  protocolVersion: McpProtocolPreference;
  /** The cached era of this registration's server, passed as the client's `prior`. */
  era?: McpEraHint;
}

/** One `tools/call` (docs/spec/mcp-platform.md §11 (gateway)). */
export interface McpCallRequest {
  nativeName: string;
  /** Already-parsed JSON object; big integers may be raw-JSON values and are sent verbatim. */
  arguments: Record<string, unknown>;
  /**
   * The tool from the catalog snapshot, when it holds it: supplies `Mcp-Param-*` headers on
   * 2026-07-28 without a `tools/list`. Absent → the gateway pages `tools/list` until it appears.
   */
  tool?: McpDiscoveredTool;
  /** Aborting = user cancel: before sending → NotSent, after → OutcomeUnknown `mcp.call_cancelled`. */
  signal?: AbortSignal;
}

export interface McpGateway {
  /**
   * Network discovery (docs/spec/mcp-platform.md §9): start-up, full `tools/list` paging and per-tool
   * validation. Rejects with AppError: `mcp.header_name_invalid` / `mcp.header_value_invalid` /
   * `mcp.header_reserved` (nothing sent), `mcp.discovery_initialize_timeout`,
   * `mcp.discovery_initialize_failed`, `mcp.discovery_peer_info_missing`,
   * `mcp.discovery_list_timeout`, `mcp.discovery_list_failed`, `mcp.discovery_result_type_unsupported`,
   * `mcp.discovery_cursor_cycle`, `mcp.discovery_page_limit`, `mcp.discovery_tool_limit`,
   * `mcp.discovery_catalog_size_limit`. No partial catalog is ever returned.
   */
  discover(target: McpConnectionTarget): Promise<McpDiscovery>;

  /**
   * Exactly one `tools/call` (docs/spec/mcp-platform.md §10, §11). Never rejects: every failure is an
   * outcome (`not_sent` before the request is out, `outcome_unknown` after).
   */
  call(target: McpConnectionTarget, request: McpCallRequest): Promise<McpCallOutcome>;
}
