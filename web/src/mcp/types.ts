/**
 * Response shapes of the MCP routes the Manager uses (docs/api.md "MCP servers", "MCP discovery",
 * "MCP test calls", "Model tools"; docs/spec/mcp-platform.md §10, §14). Everything in them that came from an
 * MCP server or a model (names, titles, descriptions, schemas, results) is untrusted text and is
 * only ever rendered as React text.
 */
export type McpProtocolVersion = "auto" | "2026-07-28" | "2025-11-25" | "2025-06-18" | "2025-03-26";
export type ToolPermission = "off" | "ask" | "allow";
export type ToolDescriptionOverride = { description?: string; properties?: Record<string, string> };

/** The protocol choices of the server form, in display order (docs/spec/mcp-platform.md §6). */
export const PROTOCOL_VERSIONS: readonly McpProtocolVersion[] = [
  "auto",
  "2026-07-28",
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
];

export interface ServerWarning {
  code: string;
  message: string;
}

/** A registration as GET /mcp/servers lists it (`endpoint` and `headers` are the owner's plaintext). */
export interface McpServer {
  id: string;
  displayName: string;
  endpoint: string;
  headers: Record<string, string>;
  protocolVersion: McpProtocolVersion;
  state: "active" | "paused";
  toolPermissions: Record<string, "ask" | "allow">;
  toolDescriptionOverrides: Record<string, ToolDescriptionOverride>;
  revision: number;
  createdAt: string;
  updatedAt: string;
  headersUnavailable?: boolean;
  /** Only in the response of the request that caused them (never in frames or lists). */
  warnings?: ServerWarning[];
  negotiatedProtocolVersion?: string;
  /** ISO 8601 of the cached catalog, when one exists. */
  fetchedAt?: string;
}

export interface StorageIssue {
  registrationId?: string;
  fileName: string;
  code: string;
  message: string;
}

export interface ServerList {
  servers: McpServer[];
  storageIssues: StorageIssue[];
}

export interface ImportResult {
  servers: McpServer[];
  skipped: Array<{ name: string; code: string; message: string }>;
}

export type JsonObject = Record<string, unknown>;

export interface McpTool {
  id: string;
  nativeName: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  /** Untrusted hints from the server. */
  annotations: JsonObject;
  permission: ToolPermission;
}

export interface Diagnostic {
  code: string;
  nativeName?: string;
  message: string;
}

export interface DiscoveryResult {
  registrationId: string;
  protocolVersion: string;
  serverName?: string;
  serverVersion?: string;
  tools: McpTool[];
  diagnostics: Diagnostic[];
  staleTools: Array<{ nativeName: string; permission: "ask" | "allow" }>;
  fetchedAt: string;
}

export type KnownResponse =
  | {
      kind: "tool_result";
      isError: boolean;
      textBlocks: Array<{ index: number; text: string }>;
      structuredJson?: string;
      diagnostics: Array<{ code: string; message: string; contentIndex?: number }>;
    }
  | { kind: "server_error"; code: number; message: string; dataJson?: string }
  | { kind: "unsupported_response"; responseType: string; message: string };

/** McpCallOutcomeDto (docs/spec/mcp-platform.md §10). */
export type CallOutcome =
  | { outcome: "known_response"; response: KnownResponse }
  | { outcome: "not_sent"; code: string; message: string }
  | { outcome: "outcome_unknown"; code: string; message: string };

export interface ModelToolsView {
  tools: Array<{ toolId: string; alias: string; description: string | null; inputSchema: JsonObject }>;
  diagnostics: Array<{ toolId?: string; code: string; message: string }>;
}
