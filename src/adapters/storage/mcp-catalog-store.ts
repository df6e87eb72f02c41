/**
 * SQLite storage of MCP catalog snapshots (schema v2 tables `te_mcp_catalogs` and
 * `te_mcp_catalog_tools`, see schema/002-mcp-registry.ts). Written in one synchronous
 * transaction (header row + one row per tool, so no row nears 2 MB); assembled and validated on
 * read: JSON, `schemaVersion` (`mcp.catalog_schema_unsupported`), `kind` (`mcp.catalog_kind_invalid`),
 * strict shape, `registrationId` (`mcp.catalog_registration_mismatch`), tool rows (count, shape,
 * sorted unique names) — any other defect is `mcp.catalog_snapshot_invalid`. Never throws on read.
 */
import type { McpDiscoveredTool, McpEraHint } from "../../domain/mcp/discovered-catalog";
import type {
  CatalogSnapshotRepository,
  SnapshotRead,
  StoredCatalogSnapshot,
} from "../../ports/catalog-snapshot-repository";
import {
  CATALOG_KIND,
  CATALOG_SCHEMA_VERSION,
  catalogClientStateSchema,
  catalogHeaderDocumentSchema,
  catalogToolDocumentSchema,
  type CatalogHeaderDocument,
} from "../../contracts/mcp-catalog";
import type { ErrorCode } from "../../domain/errors";

type Row = Record<string, SqlStorageValue>;

function invalid(code: ErrorCode, message: string): SnapshotRead {
  return { status: "invalid", code, message };
}

export class SqlMcpCatalogStore implements CatalogSnapshotRepository {
  constructor(private readonly storage: DurableObjectStorage) {}

  private get sql(): SqlStorage {
    return this.storage.sql;
  }

  read(registrationId: string): SnapshotRead {
    const header = this.sql
      .exec(
        "SELECT document, tool_count, fetched_at, client_state FROM te_mcp_catalogs WHERE registration_id = ?",
        registrationId,
      )
      .toArray()[0] as Row | undefined;
    if (!header) return { status: "missing" };
    let json: unknown;
    try {
      json = JSON.parse(String(header.document));
    } catch {
      return invalid(
        "mcp.catalog_snapshot_invalid",
        "The stored tool catalog is not valid JSON; refresh the server to replace it.",
      );
    }
    const loose = (json ?? {}) as { schemaVersion?: unknown; kind?: unknown };
    if (loose.schemaVersion !== CATALOG_SCHEMA_VERSION)
      return invalid(
        "mcp.catalog_schema_unsupported",
        `The stored tool catalog has an unsupported schema version (${String(loose.schemaVersion).slice(0, 20)}); refresh the server to replace it.`,
      );
    if (loose.kind !== CATALOG_KIND)
      return invalid(
        "mcp.catalog_kind_invalid",
        "The stored tool catalog is not a catalog snapshot; refresh the server to replace it.",
      );
    const parsed = catalogHeaderDocumentSchema.safeParse(json);
    if (!parsed.success)
      return invalid(
        "mcp.catalog_snapshot_invalid",
        `The stored tool catalog is malformed (${parsed.error.issues[0]?.path.join(".") || "document"}); refresh the server to replace it.`,
      );
    const document: CatalogHeaderDocument = parsed.data;
    if (document.registrationId !== registrationId)
      return invalid(
        "mcp.catalog_registration_mismatch",
        "The stored tool catalog belongs to another server; refresh the server to replace it.",
      );
    const rows = this.sql
      .exec(
        "SELECT position, document FROM te_mcp_catalog_tools WHERE registration_id = ? ORDER BY position",
        registrationId,
      )
      .toArray() as Row[];
    if (rows.length !== Number(header.tool_count))
      return invalid(
        "mcp.catalog_snapshot_invalid",
        "The stored tool catalog is incomplete; refresh the server to replace it.",
      );
    const tools: McpDiscoveredTool[] = [];
    for (const [index, row] of rows.entries()) {
      let tool: unknown;
      try {
        tool = JSON.parse(String(row.document));
      } catch {
        return invalid(
          "mcp.catalog_snapshot_invalid",
          "A stored tool is not valid JSON; refresh the server to replace the catalog.",
        );
      }
      const checked = catalogToolDocumentSchema.safeParse(tool);
      if (!checked.success || Number(row.position) !== index)
        return invalid(
          "mcp.catalog_snapshot_invalid",
          "A stored tool is malformed; refresh the server to replace the catalog.",
        );
      const previous = tools[tools.length - 1];
      if (previous && previous.nativeName >= checked.data.nativeName)
        return invalid(
          "mcp.catalog_snapshot_invalid",
          "The stored tools are duplicated or out of order; refresh the server to replace the catalog.",
        );
      tools.push(checked.data);
    }
    let era: McpEraHint | undefined;
    if (header.client_state !== null && header.client_state !== undefined) {
      try {
        const state = catalogClientStateSchema.safeParse(JSON.parse(String(header.client_state)));
        if (state.success) era = state.data.era as McpEraHint;
      } catch {
        era = undefined; // an unreadable era hint only costs a probe request
      }
    }
    return {
      status: "found",
      snapshot: {
        registrationId,
        endpointDigest: document.endpointDigest,
        catalog: { ...document.catalog, tools, diagnostics: document.catalog.diagnostics },
        fetchedAt: Number(header.fetched_at),
        ...(era ? { era } : {}),
      },
    };
  }

  write(snapshot: StoredCatalogSnapshot): void {
    const { catalog } = snapshot;
    const header: CatalogHeaderDocument = {
      schemaVersion: CATALOG_SCHEMA_VERSION,
      kind: CATALOG_KIND,
      registrationId: snapshot.registrationId,
      endpointDigest: snapshot.endpointDigest,
      catalog: {
        protocolVersion: catalog.protocolVersion,
        serverName: catalog.serverName,
        serverVersion: catalog.serverVersion,
        diagnostics: catalog.diagnostics,
      },
    };
    const clientState = snapshot.era ? JSON.stringify({ era: snapshot.era }) : null;
    this.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM te_mcp_catalog_tools WHERE registration_id = ?", snapshot.registrationId);
      this.sql.exec(
        `INSERT INTO te_mcp_catalogs(registration_id, document, tool_count, fetched_at, client_state) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(registration_id) DO UPDATE SET document = excluded.document, tool_count = excluded.tool_count,
           fetched_at = excluded.fetched_at, client_state = excluded.client_state`,
        snapshot.registrationId,
        JSON.stringify(header),
        catalog.tools.length,
        snapshot.fetchedAt,
        clientState,
      );
      catalog.tools.forEach((tool, position) => {
        const document = {
          nativeName: tool.nativeName,
          title: tool.title,
          description: tool.description,
          inputSchema: tool.inputSchema,
          outputSchema: tool.outputSchema,
          annotations: tool.annotations,
        };
        this.sql.exec(
          "INSERT INTO te_mcp_catalog_tools(registration_id, position, native_name, document) VALUES (?, ?, ?, ?)",
          snapshot.registrationId,
          position,
          tool.nativeName,
          JSON.stringify(document),
        );
      });
    });
  }

  info(registrationId: string): { protocolVersion: string; fetchedAt: number } | null {
    const row = this.sql
      .exec("SELECT document, fetched_at FROM te_mcp_catalogs WHERE registration_id = ?", registrationId)
      .toArray()[0] as Row | undefined;
    return row ? headerInfo(row) : null;
  }

  infos(): Map<string, { protocolVersion: string; fetchedAt: number }> {
    const out = new Map<string, { protocolVersion: string; fetchedAt: number }>();
    for (const row of this.sql.exec("SELECT registration_id, document, fetched_at FROM te_mcp_catalogs")) {
      const info = headerInfo(row as Row);
      if (info) out.set(String(row.registration_id), info);
    }
    return out;
  }
}

/** The negotiated version and fetch time of a snapshot header row, or null when unreadable. */
function headerInfo(row: Row): { protocolVersion: string; fetchedAt: number } | null {
  try {
    const protocolVersion = (JSON.parse(String(row.document)) as { catalog?: { protocolVersion?: unknown } }).catalog
      ?.protocolVersion;
    return typeof protocolVersion === "string" ? { protocolVersion, fetchedAt: Number(row.fetched_at) } : null;
  } catch {
    return null;
  }
}
