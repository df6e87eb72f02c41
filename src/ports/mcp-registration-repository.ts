/**
 * Port: persistence of MCP server registrations and the deletion side of catalog snapshots
 * (docs/spec/mcp-platform.md §7; docs/spec/hosted.md §4). Implemented by adapters/storage/mcp-registration-store
 * over the `te_mcp_registrations` table (schema v2).
 *
 * Records cross this port with their secrets still SEALED: the repository never sees plaintext
 * header values or endpoint userinfo, and it never decrypts. The application service seals and
 * opens them with the SecretCipher port.
 */
import type {
  McpProtocolVersion,
  McpServerState,
  StoredToolPermission,
  ToolDescriptionOverride,
} from "../domain/mcp/registration";
import type { SealedSecret } from "./secret-cipher";
import type { ErrorCode } from "../domain/errors";

/**
 * A registration as stored. `endpoint` is the normalized endpoint WITHOUT userinfo;
 * `sealedUserinfo` holds the `user:pass` part (aad `mcp:<id>:endpoint-userinfo`) and
 * `sealedHeaders` the JSON of the whole header map (aad `mcp:<id>:headers`); both null when there
 * is nothing secret. `revision` starts at 1 and grows by one on every change; times are ms epoch.
 */
export interface StoredRegistration {
  id: string;
  displayName: string;
  endpoint: string;
  sealedUserinfo: SealedSecret | null;
  sealedHeaders: SealedSecret | null;
  protocolVersion: McpProtocolVersion;
  state: McpServerState;
  toolPermissions: Record<string, StoredToolPermission>;
  toolDescriptionOverrides: Record<string, ToolDescriptionOverride>;
  revision: number;
  createdAt: number;
  updatedAt: number;
}

/**
 * A row that could not be loaded (docs/spec/mcp-platform.md §7 scan semantics). `fileName` is the row id
 * (the desktop file stem); `registrationId` is set when that id is canonical; `code` is the
 * storage code (`mcp.registration_schema_unsupported`, `mcp.registration_kind_invalid`,
 * `mcp.registration_id_mismatch`, `mcp.registration_document_invalid`, a domain code, or
 * `secrets.key_mismatch` when decrypting failed). `message` never holds a secret.
 */
export interface RegistrationStorageIssue {
  registrationId?: string;
  fileName: string;
  code: ErrorCode;
  message: string;
}

/** The result of loading one row. */
export type RegistrationLoad =
  | { status: "found"; record: StoredRegistration }
  | { status: "missing" }
  | { status: "unreadable"; issue: RegistrationStorageIssue; revision: number };

export interface McpRegistrationRepository {
  /** Every row, ordered by creation time then id: healthy records plus one issue per bad row. */
  scan(): { records: StoredRegistration[]; issues: RegistrationStorageIssue[] };
  /** One row by id. */
  load(id: string): RegistrationLoad;
  /** Inserts a new row (revision as given, normally 1). */
  insert(record: StoredRegistration): void;
  /**
   * Replaces a row if its stored revision equals `expectedRevision`; returns false (and writes
   * nothing) otherwise. The record carries the new revision.
   */
  replace(record: StoredRegistration, expectedRevision: number): boolean;
  /** Deletes a row and its catalog snapshot rows; returns false when there was no row. */
  remove(id: string): boolean;
  /** Deletes the catalog snapshot (header row and tool rows) of one registration; no-op if none. */
  deleteCatalogSnapshot(id: string): void;
}
