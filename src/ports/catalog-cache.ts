/**
 * Port: cached-only reads of MCP catalog snapshots (docs/spec/mcp-platform.md §8 "Model-tool preparation is
 * strictly cached-only"). Defined by [tool-system] for the model-tool resolver and the send-time
 * call path; implemented by [gateway-discovery]'s catalog service (memory → SQLite snapshot,
 * validated, published to memory on a SQLite hit). An implementation NEVER touches the network and
 * never checks `state` (the resolver does that first).
 */
import type { McpDiscoveredCatalog, McpEraHint } from "../domain/mcp/discovered-catalog";
import type { ErrorCode } from "../domain/errors";

/**
 * One cached read:
 * - `cached`: the validated catalog (tools sorted by native name) and, when known, the era hint
 *   to pass as the client's `prior` on a later call;
 * - `missing`: neither memory nor SQLite holds a snapshot (→ `mcp.catalog_not_cached`);
 * - `invalid`: a stored snapshot failed validation (corrupt, unknown schema, registration or
 *   endpoint mismatch; → `mcp.catalog_snapshot_invalid`). `message` never holds a secret.
 */
export type CachedCatalogRead =
  | { status: "cached"; catalog: McpDiscoveredCatalog; era?: McpEraHint }
  | { status: "missing" }
  | { status: "invalid"; code: ErrorCode; message: string };

export interface CatalogCache {
  /** Memory → SQLite read of one registration's catalog snapshot; never the network, never throws for a bad snapshot. */
  readCached(registrationId: string): Promise<CachedCatalogRead>;
  /** readCached of several registrations at once (one read of the registrations); every id gets an answer. */
  readCachedMany?(registrationIds: readonly string[]): Promise<Map<string, CachedCatalogRead>>;
}
