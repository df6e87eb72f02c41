/**
 * What the MCP API returns for a registration (the wire types live in src/contracts/mcp-views.ts)
 * and the secret-free summary other features read (tool resolution, call gates).
 */
import type { McpServerRegistration } from "../../domain/mcp/registration";

export type {
  McpImportResult,
  McpServerList,
  McpServerRemoved,
  McpServerView,
  StorageIssueView,
} from "../../contracts/mcp-views";

/** Catalog facts merged into a server view (provided by the catalog feature). */
export interface McpServerCatalogInfo {
  negotiatedProtocolVersion?: string;
  fetchedAt?: string;
}

/**
 * A registration without any secret (nothing decrypted): what tool resolution and call gates read
 * (docs/spec/mcp-platform.md §4 eligibility and send-time recheck).
 */
export interface McpRegistrationSummary extends Omit<McpServerRegistration, "endpoint" | "headers"> {
  revision: number;
  updatedAt: number;
}
