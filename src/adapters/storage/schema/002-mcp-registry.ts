/**
 * Schema v2: MCP registrations and catalog snapshots (docs/spec/mcp-platform.md §7, §8; docs/spec/hosted.md §4).
 *
 * `te_mcp_registrations` — one row per registration (written by mcp-registration-store.ts):
 * - `id`         TEXT  canonical lowercase registration UUID (the desktop file stem);
 * - `document`   TEXT  strict v1 JSON `{schemaVersion: 1, kind: "tavernedge.mcpServerRegistration",
 *                      id, displayName, endpoint (normalized, no userinfo), sealedUserinfo?,
 *                      sealedHeaders?, protocolVersion?, state, toolPermissions?,
 *                      toolDescriptionOverrides?}` (contracts/mcp.ts registrationDocumentSchema);
 *                      never holds a header value or userinfo in clear;
 * - `revision`   INTEGER starts at 1, +1 on every change (multi-device `ifRevision` checks);
 * - `created_at`, `updated_at` INTEGER ms epoch (outside the strict document);
 * - `content_stamp` INTEGER (schema v28, 028-registration-stamps.ts): set by triggers on every write.
 *
 * Catalog snapshots (read and written by the catalog feature, src/adapters/mcp + application/mcp;
 * deleted by the registry on a connection change or removal via `deleteCatalogSnapshot`):
 * `te_mcp_catalogs` — one header row per registration:
 * - `registration_id` TEXT  the registration's id (no foreign key: a registration row may be corrupt);
 * - `document`        TEXT  strict v1 snapshot JSON without the tools (kind
 *                           `tavernedge.mcpCatalogSnapshot`, registrationId, the HMAC digest of the
 *                           normalized endpoint instead of the endpoint, protocolVersion,
 *                           serverName, serverVersion, diagnostics);
 * - `tool_count`      INTEGER how many rows `te_mcp_catalog_tools` must hold (checked on read);
 * - `fetched_at`      INTEGER ms epoch of the discovery (outside the strict document);
 * - `client_state`    TEXT NULL opaque JSON the gateway adapter caches with the snapshot (protocol
 *                           era, `server/discover` result), ≤ 2 MB.
 * `te_mcp_catalog_tools` — one row per tool, so no row nears the 2 MB limit (a tool is ≤ 256 KiB):
 * - `registration_id` TEXT, `position` INTEGER (0-based catalog order) — primary key together;
 * - `native_name`     TEXT  the tool's native name (for lookups without parsing);
 * - `document`        TEXT  the tool JSON `{nativeName, title, description, inputSchema,
 *                           outputSchema, annotations}` (docs/spec/mcp-platform.md §7 catalog.tools[]).
 */
import type { MigrationStep } from "../migration-step";

export const mcpRegistrySchema: MigrationStep = {
  version: 2,
  name: "mcp-registry",
  up(sql) {
    sql.exec(`CREATE TABLE te_mcp_registrations (
      id TEXT PRIMARY KEY, document TEXT NOT NULL, revision INTEGER NOT NULL,
      created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`);
    sql.exec(`CREATE INDEX te_mcp_registrations_created ON te_mcp_registrations(created_at, id)`);
    sql.exec(`CREATE TABLE te_mcp_catalogs (
      registration_id TEXT PRIMARY KEY, document TEXT NOT NULL, tool_count INTEGER NOT NULL,
      fetched_at INTEGER NOT NULL, client_state TEXT)`);
    sql.exec(`CREATE TABLE te_mcp_catalog_tools (
      registration_id TEXT NOT NULL, position INTEGER NOT NULL, native_name TEXT NOT NULL,
      document TEXT NOT NULL, PRIMARY KEY (registration_id, position))`);
  },
};
