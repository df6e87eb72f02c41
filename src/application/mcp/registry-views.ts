/**
 * What the MCP API returns for a registration (docs/spec/mcp-platform.md §14 `McpServer`, hosted additions) and
 * the secret-free summary other features read (tool resolution, call gates).
 */
import type { RegistrationWarning } from "../../domain/mcp/reachability";
import type { McpServerRegistration, ToolDescriptionOverride } from "../../domain/mcp/registration";
import type { ErrorCode } from "../../domain/errors";

/**
 * `McpServer` DTO. `endpoint` (normalized, userinfo included) and `headers` are plaintext: the
 * list goes only to the owner's authenticated devices (contract invariant 13). Hosted additions:
 * `revision` (grows on every change), `createdAt` / `updatedAt` (ISO 8601), `headersUnavailable`
 * (present and true when the stored secrets cannot be decrypted: then `headers` is `{}` and
 * `endpoint` lacks its userinfo), `warnings` (only in the response of the request that caused
 * them, e.g. `mcp.endpoint_unreachable_when_deployed`), and catalog info that the catalog feature
 * supplies through `McpRegistryService.setCatalogInfoSource`.
 * Every override carries `properties` (`{}` when none).
 */
export interface McpServerView extends Omit<McpServerRegistration, "toolDescriptionOverrides"> {
  toolDescriptionOverrides: Record<string, ToolDescriptionOverride & { properties: Record<string, string> }>;
  revision: number;
  createdAt: string;
  updatedAt: string;
  headersUnavailable?: true;
  warnings?: RegistrationWarning[];
  /** Negotiated protocol version of the cached catalog (catalog feature), when one is cached. */
  negotiatedProtocolVersion?: string;
  /** When the cached catalog was fetched (ISO 8601), when one is cached. */
  fetchedAt?: string;
}

/** Catalog facts merged into a server view (provided by the catalog feature). */
export interface McpServerCatalogInfo {
  negotiatedProtocolVersion?: string;
  fetchedAt?: string;
}

/** A storage issue as the list shows it (docs/spec/mcp-platform.md §7; hosted: `registrationId?`, `code`). */
export interface StorageIssueView {
  registrationId?: string;
  fileName: string;
  code: ErrorCode;
  message: string;
}

/** `GET /mcp/servers` → `{servers, storageIssues}`. */
export interface McpServerList {
  servers: McpServerView[];
  storageIssues: StorageIssueView[];
}

/** `POST /mcp/servers {json}` → `{servers, skipped}`. */
export interface McpImportResult {
  servers: McpServerView[];
  skipped: Array<{ name: string; code: ErrorCode; message: string }>;
}

/** `DELETE /mcp/servers/:id` result and the `mcp.server_removed` frame body. */
export interface McpServerRemoved {
  registrationId: string;
  revision: number;
}

/**
 * A registration without any secret (nothing decrypted): what tool resolution and call gates read
 * (docs/spec/mcp-platform.md §4 eligibility and send-time recheck).
 */
export interface McpRegistrationSummary extends Omit<McpServerRegistration, "endpoint" | "headers"> {
  revision: number;
  updatedAt: number;
}
