/**
 * What one MCP discovery produces (docs/spec/mcp-platform.md §7 `catalog`, docs/spec/mcp-platform.md §9): the negotiated protocol
 * version, the server's self-reported identity, the validated tools (sorted by native name) and
 * per-tool diagnostics. Permissions and staleTools are never part of it (projected at read time).
 */
import type { ErrorCode } from "../errors";

/** A JSON object as received from a server (schemas, annotations): untrusted data. */
export type McpJsonObject = { [key: string]: unknown };

/** One validated tool (docs/spec/mcp-platform.md §7 `catalog.tools[]`). `annotations` is `{}` when absent. */
export interface McpDiscoveredTool {
  nativeName: string;
  title: string | null;
  description: string | null;
  inputSchema: McpJsonObject;
  outputSchema: McpJsonObject | null;
  annotations: McpJsonObject;
}

/** A discovery diagnostic (docs/spec/mcp-platform.md §7 `catalog.diagnostics[]`; codes in docs/spec/mcp-platform.md §13). */
export interface McpToolDiagnostic {
  code: ErrorCode;
  nativeName: string | null;
  message: string;
}

/** The strict v1 catalog (docs/spec/mcp-platform.md §7 `McpDiscoveryResult` as stored). */
export interface McpDiscoveredCatalog {
  protocolVersion: string;
  serverName: string | null;
  serverVersion: string | null;
  tools: McpDiscoveredTool[];
  diagnostics: McpToolDiagnostic[];
}

/**
 * The protocol era a registration's server answered with, cached with its snapshot and passed as
 * `prior` to later clients so they skip the `server/discover` probe. `discover` is the server's
 * DiscoverResult (plain JSON, opaque to everything but the MCP adapter).
 */
export type McpEraHint = { kind: "modern"; discover: McpJsonObject } | { kind: "legacy" };

/** Result of a network discovery: the catalog plus the era hint to cache next to it. */
export interface McpDiscovery {
  catalog: McpDiscoveredCatalog;
  era: McpEraHint;
}
