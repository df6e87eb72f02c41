/**
 * zod contracts of stored MCP catalog snapshots (docs/spec/mcp-platform.md §7 (catalog snapshot document);
 * docs/spec/hosted.md §4: bound to an HMAC digest of the endpoint, never the endpoint itself).
 * Stored as a header row (`te_mcp_catalogs.document`, the document without its tools) plus one
 * `te_mcp_catalog_tools` row per tool. Unknown fields are rejected at every level.
 */
import { z } from "zod";
import { type ErrorCode, isErrorCode } from "../domain/errors";

export const CATALOG_KIND = "tavernedge.mcpCatalogSnapshot";
export const CATALOG_SCHEMA_VERSION = 1;

const jsonObject = z.record(z.string(), z.unknown());

/** One stored tool (docs/spec/mcp-platform.md §7 `catalog.tools[]`). */
export const catalogToolDocumentSchema = z.strictObject({
  nativeName: z.string().min(1),
  title: z.string().nullable(),
  description: z.string().nullable(),
  inputSchema: jsonObject,
  outputSchema: jsonObject.nullable(),
  annotations: jsonObject,
});

/** One stored diagnostic (docs/spec/mcp-platform.md §7 `catalog.diagnostics[]`). */
export const catalogDiagnosticSchema = z.strictObject({
  code: z.custom<ErrorCode>((value) => typeof value === "string" && isErrorCode(value), "not a catalogued code"),
  nativeName: z.string().nullable(),
  message: z.string(),
});

/** The header row document: the v1 snapshot without `catalog.tools`, with `endpointDigest`. */
export const catalogHeaderDocumentSchema = z.strictObject({
  schemaVersion: z.literal(CATALOG_SCHEMA_VERSION),
  kind: z.literal(CATALOG_KIND),
  registrationId: z.string(),
  endpointDigest: z.string().regex(/^[0-9a-f]{64}$/),
  catalog: z.strictObject({
    protocolVersion: z.string(),
    serverName: z.string().nullable(),
    serverVersion: z.string().nullable(),
    diagnostics: z.array(catalogDiagnosticSchema),
  }),
});

/** `client_state` column: what the gateway caches next to a snapshot (era + DiscoverResult). */
export const catalogClientStateSchema = z.strictObject({
  era: z.union([
    z.strictObject({ kind: z.literal("modern"), discover: jsonObject }),
    z.strictObject({ kind: z.literal("legacy") }),
  ]),
});

export type CatalogHeaderDocument = z.infer<typeof catalogHeaderDocumentSchema>;
export type CatalogToolDocument = z.infer<typeof catalogToolDocumentSchema>;
