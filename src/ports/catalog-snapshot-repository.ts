/**
 * Port: persistence of MCP catalog snapshots (docs/spec/mcp-platform.md §7, §8), implemented by
 * adapters/storage/mcp-catalog-store over `te_mcp_catalogs` + `te_mcp_catalog_tools` (schema v2).
 * Deletion on a connection change belongs to the registry (McpRegistrationRepository).
 */
import type { McpDiscoveredCatalog, McpEraHint } from "../domain/mcp/discovered-catalog";
import type { ErrorCode } from "../domain/errors";

/** A snapshot as stored: the catalog bound to a registration and an HMAC digest of its endpoint. */
export interface StoredCatalogSnapshot {
  registrationId: string;
  /** HMAC-SHA256 hex of the normalized endpoint (userinfo included) — never the endpoint. */
  endpointDigest: string;
  catalog: McpDiscoveredCatalog;
  /** ms epoch of the discovery (column outside the strict document). */
  fetchedAt: number;
  era?: McpEraHint;
}

/**
 * One read. `invalid` codes: `mcp.catalog_schema_unsupported`, `mcp.catalog_kind_invalid`,
 * `mcp.catalog_registration_mismatch`, `mcp.catalog_snapshot_invalid` (corrupt document, wrong
 * tool row count, duplicate or unsorted tools). The endpoint check is the caller's (it needs the
 * registration's endpoint and the cipher).
 */
export type SnapshotRead =
  | { status: "found"; snapshot: StoredCatalogSnapshot }
  | { status: "missing" }
  | { status: "invalid"; code: ErrorCode; message: string };

export interface CatalogSnapshotRepository {
  read(registrationId: string): SnapshotRead;
  /** Replaces the snapshot atomically (header + tool rows in one transaction). Throws on failure. */
  write(snapshot: StoredCatalogSnapshot): void;
  /** `{protocolVersion, fetchedAt}` of the stored header row, without reading tools; null if none. */
  info(registrationId: string): { protocolVersion: string; fetchedAt: number } | null;
  /** `info` of every stored snapshot in one read (registration id → facts); unreadable headers are left out. */
  infos(): Map<string, { protocolVersion: string; fetchedAt: number }>;
}
