/**
 * SQLite storage of MCP registrations (schema v2, see schema/002-mcp-registry.ts): one strict v1
 * JSON document per row plus `revision`, `created_at`, `updated_at` columns. Secrets arrive
 * already sealed (ports/mcp-registration-repository); this store never decrypts.
 *
 * Load validation, in order (each failure is a RegistrationStorageIssue, never a thrown error):
 * row id (`mcp.registration_id_invalid` / `_noncanonical`), JSON (`mcp.registration_document_invalid`),
 * `schemaVersion` (`mcp.registration_schema_unsupported`), `kind` (`mcp.registration_kind_invalid`),
 * strict shape (`mcp.registration_document_invalid`), `id` = row id (`mcp.registration_id_mismatch`),
 * then the domain rules (display name, endpoint, tool names, `mcp.permission_off_not_persisted`,
 * `mcp.description_override_empty`).
 */
import { AppError } from "../../domain/errors";
import { parseEndpoint } from "../../domain/mcp/endpoint";
import { isCanonicalRegistrationId, parseRegistrationId } from "../../domain/mcp/registration-id";
import {
  normalizeDisplayName,
  validateStoredOverrides,
  validateStoredPermissions,
} from "../../domain/mcp/registration";
import type {
  McpRegistrationRepository,
  RegistrationLoad,
  RegistrationStorageIssue,
  StoredRegistration,
} from "../../ports/mcp-registration-repository";
import {
  REGISTRATION_KIND,
  REGISTRATION_SCHEMA_VERSION,
  registrationDocumentSchema,
  type RegistrationDocument,
} from "../../contracts/mcp";
import type { ErrorCode } from "../../domain/errors";
import { inBatches, marks, MAX_BOUND_PARAMETERS } from "./bound-parameters";
import type { HotRows } from "./hot-rows";

type Row = Record<string, SqlStorageValue>;

/**
 * Deletes the catalog snapshot of one registration (header row and every tool row). Shared with
 * the catalog feature; a no-op when there is none.
 */
export function deleteCatalogSnapshot(sql: SqlStorage, registrationId: string): void {
  sql.exec("DELETE FROM te_mcp_catalog_tools WHERE registration_id = ?", registrationId);
  sql.exec("DELETE FROM te_mcp_catalogs WHERE registration_id = ?", registrationId);
}

/** The strict v1 document of a record (what the `document` column holds). */
export function encodeRegistrationDocument(record: StoredRegistration): string {
  const document: RegistrationDocument = {
    schemaVersion: REGISTRATION_SCHEMA_VERSION,
    kind: REGISTRATION_KIND,
    id: record.id,
    displayName: record.displayName,
    endpoint: record.endpoint,
    ...(record.sealedUserinfo ? { sealedUserinfo: record.sealedUserinfo } : {}),
    ...(record.sealedHeaders ? { sealedHeaders: record.sealedHeaders } : {}),
    protocolVersion: record.protocolVersion,
    state: record.state,
    ...(Object.keys(record.toolPermissions).length > 0 ? { toolPermissions: record.toolPermissions } : {}),
    ...(Object.keys(record.toolDescriptionOverrides).length > 0
      ? { toolDescriptionOverrides: record.toolDescriptionOverrides }
      : {}),
  };
  return JSON.stringify(document);
}

/** Decodes one row into a record, or the storage issue that prevents it (see module doc). */
export function decodeRegistrationRow(
  row: Row,
): { ok: true; record: StoredRegistration } | { ok: false; issue: RegistrationStorageIssue } {
  const fileName = String(row.id);
  const issue = (code: ErrorCode, message: string) => ({
    ok: false as const,
    issue: { ...(isCanonicalRegistrationId(fileName) ? { registrationId: fileName } : {}), fileName, code, message },
  });
  try {
    parseRegistrationId(fileName);
    let json: unknown;
    try {
      json = JSON.parse(String(row.document));
    } catch {
      return issue("mcp.registration_document_invalid", "The stored registration is not valid JSON.");
    }
    if (typeof json !== "object" || json === null || Array.isArray(json))
      return issue("mcp.registration_document_invalid", "The stored registration is not a JSON object.");
    const raw = json as Record<string, unknown>;
    if (raw.schemaVersion !== REGISTRATION_SCHEMA_VERSION)
      return issue(
        "mcp.registration_schema_unsupported",
        "The stored registration has an unsupported schemaVersion (expected 1).",
      );
    if (raw.kind !== REGISTRATION_KIND)
      return issue("mcp.registration_kind_invalid", `The stored registration's kind is not ${REGISTRATION_KIND}.`);
    const parsed = registrationDocumentSchema.safeParse(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first && first.path.length > 0 ? ` at ${first.path.map(String).join(".")}` : "";
      return issue(
        "mcp.registration_document_invalid",
        `The stored registration is malformed${where}: ${first?.message ?? "invalid"}.`,
      );
    }
    const doc = parsed.data;
    if (doc.id !== fileName)
      return issue("mcp.registration_id_mismatch", "The stored registration's id does not match its row id.");
    const endpoint = parseEndpoint(doc.endpoint);
    if (endpoint.userinfo !== null)
      return issue(
        "mcp.registration_document_invalid",
        "The stored endpoint holds credentials in clear; they must be stored sealed.",
      );
    return {
      ok: true,
      record: {
        id: doc.id,
        displayName: normalizeDisplayName(doc.displayName),
        endpoint: endpoint.normalized,
        sealedUserinfo: doc.sealedUserinfo ?? null,
        sealedHeaders: doc.sealedHeaders ?? null,
        protocolVersion: doc.protocolVersion ?? "auto",
        state: doc.state,
        toolPermissions: validateStoredPermissions(doc.toolPermissions ?? {}),
        toolDescriptionOverrides: validateStoredOverrides(doc.toolDescriptionOverrides ?? {}),
        revision: Number(row.revision),
        createdAt: Number(row.created_at),
        updatedAt: Number(row.updated_at),
      },
    };
  } catch (error) {
    if (error instanceof AppError) return issue(error.code, error.message);
    return issue("mcp.registration_document_invalid", "The stored registration could not be read.");
  }
}

type Decoded = ReturnType<typeof decodeRegistrationRow>;

/** HotRows' name of the decoded-row memory. */
const DECODED_MEMO = "mcp-registrations";

/**
 * McpRegistrationRepository over the Durable Object's SQLite storage.
 *
 * Every read goes to SQLite (the source of truth, also after eviction), but decoding a row — JSON,
 * the strict schema, the domain rules over every tool permission — is done once per distinct row
 * content: the store remembers the last decode of each row keyed by its content stamp (schema v28:
 * triggers give every insert and update of a row a stamp no write had before), so an unchanged row
 * yields the same frozen record object again (docs/decisions/3100). A scan reads every row's stamp
 * and fetches the document only of rows whose stamp it has not decoded (docs/decisions/3550).
 * Callers must treat records as read-only (they are frozen).
 */
export class SqlMcpRegistrationStore implements McpRegistrationRepository {
  /** id → the last decode and the stamp it was of; in the object's HotRows when given (shared). */
  private readonly decoded: Map<string, { stamp: number; result: Decoded }>;
  /**
   * The last scan, until the current synchronous section ends or this store writes: a tool
   * resolution reads the registrations for their summaries and again to open the ones it needs,
   * in one section in which nothing else can write (issue 31).
   */
  private sectionScan: { records: StoredRegistration[]; issues: RegistrationStorageIssue[] } | null = null;

  /**
   * `hot`: the object's HotRows, so that every store instance of the object shares one memory of
   * decoded rows and a rolled-back transaction drops it (a rollback also rolls the stamps back, so
   * a stamp could be given again). Without it the memory is this instance's own.
   */
  constructor(
    private readonly sql: SqlStorage,
    hot?: HotRows,
  ) {
    this.decoded = hot ? hot.keep(DECODED_MEMO) : new Map();
  }

  scan(): { records: StoredRegistration[]; issues: RegistrationStorageIssue[] } {
    if (this.sectionScan) return { records: [...this.sectionScan.records], issues: [...this.sectionScan.issues] };
    const result = this.scanRows();
    this.sectionScan = result;
    queueMicrotask(() => {
      this.sectionScan = null;
    });
    return { records: [...result.records], issues: [...result.issues] };
  }

  private scanRows(): { records: StoredRegistration[]; issues: RegistrationStorageIssue[] } {
    const records: StoredRegistration[] = [];
    const issues: RegistrationStorageIssue[] = [];
    const seen = new Set<string>();
    const heads = this.sql
      .exec("SELECT id, content_stamp FROM te_mcp_registrations ORDER BY created_at, id")
      .toArray()
      .map((row) => ({ id: String(row.id), stamp: Number(row.content_stamp) }));
    const stale = heads.filter((head) => this.decoded.get(head.id)?.stamp !== head.stamp).map((head) => head.id);
    for (const ids of inBatches(stale, MAX_BOUND_PARAMETERS))
      for (const row of this.sql.exec(`SELECT * FROM te_mcp_registrations WHERE id IN (${marks(ids.length)})`, ...ids))
        this.decode(row);
    for (const { id } of heads) {
      const decoded = this.decoded.get(id)?.result;
      if (!decoded) continue; // deleted between the two reads: impossible in one synchronous section
      seen.add(id);
      if (decoded.ok) records.push(decoded.record);
      else issues.push(decoded.issue);
    }
    for (const id of this.decoded.keys()) if (!seen.has(id)) this.decoded.delete(id);
    return { records, issues };
  }

  load(id: string): RegistrationLoad {
    const row = this.sql.exec("SELECT * FROM te_mcp_registrations WHERE id = ?", id).toArray()[0];
    if (!row) return { status: "missing" };
    const decoded = this.decode(row);
    return decoded.ok
      ? { status: "found", record: decoded.record }
      : { status: "unreadable", issue: decoded.issue, revision: Number(row.revision) };
  }

  insert(record: StoredRegistration): void {
    this.sectionScan = null;
    this.sql.exec(
      "INSERT INTO te_mcp_registrations(id, document, revision, created_at, updated_at) VALUES(?, ?, ?, ?, ?)",
      record.id,
      encodeRegistrationDocument(record),
      record.revision,
      record.createdAt,
      record.updatedAt,
    );
  }

  replace(record: StoredRegistration, expectedRevision: number): boolean {
    this.sectionScan = null;
    const updated = this.sql
      .exec(
        "UPDATE te_mcp_registrations SET document = ?, revision = ?, updated_at = ? WHERE id = ? AND revision = ? RETURNING id",
        encodeRegistrationDocument(record),
        record.revision,
        record.updatedAt,
        record.id,
        expectedRevision,
      )
      .toArray();
    return updated.length > 0;
  }

  remove(id: string): boolean {
    this.sectionScan = null;
    deleteCatalogSnapshot(this.sql, id);
    return this.sql.exec("DELETE FROM te_mcp_registrations WHERE id = ? RETURNING id", id).toArray().length > 0;
  }

  deleteCatalogSnapshot(id: string): void {
    deleteCatalogSnapshot(this.sql, id);
  }

  /** decodeRegistrationRow, memoized per row content stamp (see the class docstring). */
  private decode(row: Row): Decoded {
    const id = String(row.id);
    const stamp = Number(row.content_stamp);
    const hit = this.decoded.get(id);
    if (hit && hit.stamp === stamp) return hit.result;
    const result = decodeRegistrationRow(row);
    if (result.ok) {
      Object.freeze(result.record.toolPermissions);
      Object.freeze(result.record.toolDescriptionOverrides);
      Object.freeze(result.record);
    }
    this.decoded.set(id, { stamp, result });
    return result;
  }
}
