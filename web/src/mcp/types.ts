/**
 * Response shapes of the MCP routes the Manager uses (docs/api.md "MCP servers", "MCP discovery",
 * "MCP test calls", "Model tools"), from src/contracts (type-only). Everything in them that came
 * from an MCP server or a model (names, titles, descriptions, schemas, results) is untrusted text
 * and is only ever rendered as React text.
 */
import type { McpDiscoveryView, McpProtocolVersion } from "../../../src/contracts/mcp-views";

export type {
  McpCallOutcomeDto as CallOutcome,
  McpDiscoveryView as DiscoveryResult,
  McpImportResult as ImportResult,
  McpKnownResponseDto as KnownResponse,
  McpProtocolVersion,
  McpServerList as ServerList,
  McpServerView as McpServer,
  McpToolView as McpTool,
  ModelToolsView,
  RegistrationWarning as ServerWarning,
  StorageIssueView as StorageIssue,
  ToolDescriptionOverride,
  ToolPermission,
} from "../../../src/contracts/mcp-views";
export type { UpdateServerBody } from "../../../src/contracts/mcp";

export type JsonObject = Record<string, unknown>;
/** A catalog diagnostic of a discovery result. */
export type Diagnostic = McpDiscoveryView["diagnostics"][number];

/** Display order of the protocol choices; a Record, so a version the server adds fails to compile until placed here. */
const PROTOCOL_ORDER: Record<McpProtocolVersion, number> = {
  auto: 0,
  "2026-07-28": 1,
  "2025-11-25": 2,
  "2025-06-18": 3,
  "2025-03-26": 4,
};
/** The protocol choices of the server form, in display order (docs/spec/mcp-platform.md §6). */
export const PROTOCOL_VERSIONS = (Object.keys(PROTOCOL_ORDER) as McpProtocolVersion[]).sort(
  (a, b) => PROTOCOL_ORDER[a] - PROTOCOL_ORDER[b],
);
