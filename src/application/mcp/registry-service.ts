/**
 * McpRegistryService: MCP server registrations (docs/spec/mcp-platform.md §1–§5, §7, §14;
 * docs/spec/hosted.md §4). One instance per user space (composition/mcp-registry.ts).
 *
 * - Every mutation runs inside the space mutex (a Durable Object interleaves requests across
 *   awaits such as WebCrypto), takes an optional `ifRevision` (mismatch → 409
 *   `mcp.registration_conflict`, `details.current` = the current server, nothing changed), bumps
 *   `revision` by one and broadcasts `mcp.server_changed {server}` or
 *   `mcp.server_removed {registrationId, revision}`.
 * - Secrets are sealed before anything is written (`secrets.key_unavailable` writes nothing).
 * - A connection change (endpoint, headers or protocol version) deletes the stored catalog
 *   snapshot and tells catalog listeners (memory copies) BEFORE the new registration is saved.
 * - Do NOT call the mutation methods from inside `space.mutex.run` (the mutex is not reentrant).
 *
 * Codes: `mcp.registration_not_found` (404), `mcp.registration_conflict` (409),
 * `mcp.registration_storage_issue` (the row cannot be read; only delete works), every domain code
 * of src/domain/mcp, `secrets.key_unavailable`, the import codes of ./registry-import.
 */
import { AppError } from "../../domain/errors";
import type { McpJsonObject } from "../../domain/mcp/discovered-catalog";
import { overrideUnknownProperties } from "../../domain/tools/descriptor";
import { parseEndpoint } from "../../domain/mcp/endpoint";
import { unreachableWarning, type RegistrationWarning } from "../../domain/mcp/reachability";
import { newRegistrationId, parseRegistrationId } from "../../domain/mcp/registration-id";
import {
  connectionChanged,
  withDescriptionOverride,
  withPermission,
  type McpServerRegistration,
  type McpServerState,
  type ToolDescriptionOverride,
  type ToolPermission,
} from "../../domain/mcp/registration";
import type {
  McpRegistrationRepository,
  RegistrationStorageIssue,
  StoredRegistration,
} from "../../ports/mcp-registration-repository";
import type { SecretCipher } from "../../ports/secret-cipher";
import type { Clock, Mutex, SocketHub } from "../../ports/space";
import { interpretImportDocument } from "./registry-import";
import {
  conflict,
  duplicateEndpointWarning,
  notFound,
  prepare,
  registrationOf,
  serverView,
  storageIssue,
  summaryOf,
  type McpServerInput,
  type OpenedRegistration,
  type Prepared,
} from "./registry-records";
import { openConnection, sealConnection } from "./registry-secrets";
import type {
  McpImportResult,
  McpRegistrationSummary,
  McpServerCatalogInfo,
  McpServerList,
  McpServerRemoved,
  McpServerView,
} from "./registry-views";

export { DUPLICATE_ENDPOINT_WARNING, type McpServerInput, type OpenedRegistration } from "./registry-records";

/** Dependencies of the service (all ports). `development` is false when deployed. */
export interface McpRegistryDeps {
  repo: McpRegistrationRepository;
  cipher: SecretCipher;
  clock: Clock;
  sockets: SocketHub;
  mutex: Mutex;
  development: boolean;
}

/** Lookup result without throwing: what call gates map to `mcp.call_registration_*` codes. */
export type RegistrationLookup<T> =
  | { status: "found"; registration: T }
  | { status: "missing" }
  | { status: "unavailable"; issue: RegistrationStorageIssue };

export class McpRegistryService {
  private readonly invalidationListeners = new Set<(registrationId: string) => void>();
  private catalogInfo: (registrationId: string) => McpServerCatalogInfo | null = () => null;
  private toolSchema: (registrationId: string, nativeName: string) => Promise<McpJsonObject | null> = async () => null;
  /**
   * Per decoded record (the store hands back the same frozen object while the row is unchanged,
   * docs/decisions/3100): its opened secrets, its summary and its opened registration, so an
   * unchanged registration is neither decrypted nor copied again. A new row content is a new key.
   */
  private readonly openedSecrets = new WeakMap<StoredRegistration, Promise<OpenedSecrets>>();
  private readonly summaryCache = new WeakMap<StoredRegistration, McpRegistrationSummary>();
  private readonly openedCache = new WeakMap<OpenedSecrets, OpenedRegistration>();

  constructor(private readonly deps: McpRegistryDeps) {}

  // ---- reads -------------------------------------------------------------------------------

  /** `servers.list()`: every healthy registration (secrets opened) and every storage issue. */
  async list(): Promise<McpServerList> {
    const { records, issues } = this.deps.repo.scan();
    const servers: McpServerView[] = [];
    const storageIssues = issues.map((issue) => ({ ...issue }));
    for (const record of records) {
      const { view, issue } = await this.view(record);
      servers.push(view);
      if (issue) storageIssues.push(issue);
    }
    return { servers, storageIssues };
  }

  /** One registration as the API shows it; `mcp.registration_not_found` / `mcp.registration_storage_issue`. */
  async get(id: string): Promise<McpServerView> {
    return (await this.view(this.requireRecord(parseRegistrationId(id)))).view;
  }

  /**
   * For the catalog / gateway feature: the registration with its endpoint (userinfo included) and
   * headers in clear, for one network call. Never throws for missing or unreadable rows (see
   * RegistrationLookup); a row whose secrets cannot be opened is `unavailable` with code
   * `secrets.key_mismatch` (or `secrets.key_unavailable`). Does not check `state`.
   */
  async lookupForConnection(id: string): Promise<RegistrationLookup<OpenedRegistration>> {
    const load = this.deps.repo.load(id);
    if (load.status === "missing") return { status: "missing" };
    if (load.status === "unreadable") return { status: "unavailable", issue: load.issue };
    try {
      const secrets = await this.openSecrets(load.record);
      let registration = this.openedCache.get(secrets);
      if (!registration) {
        registration = Object.freeze({ ...registrationOf(load.record), ...secrets });
        this.openedCache.set(secrets, registration);
      }
      return { status: "found", registration };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return {
        status: "unavailable",
        issue: { registrationId: id, fileName: id, code: error.code, message: error.message },
      };
    }
  }

  /**
   * Throwing form of lookupForConnection: `mcp.registration_not_found` (404) or
   * `mcp.registration_storage_issue` / `secrets.key_mismatch` / `secrets.key_unavailable`.
   */
  async loadForConnection(id: string): Promise<OpenedRegistration> {
    const found = await this.lookupForConnection(parseRegistrationId(id));
    if (found.status === "missing") throw notFound(id);
    if (found.status === "unavailable") {
      if (found.issue.code.startsWith("secrets."))
        throw new AppError(found.issue.code, found.issue.message, { registrationId: id });
      throw storageIssue(found.issue);
    }
    return found.registration;
  }

  /**
   * For tool resolution: every registration WITHOUT decrypting anything (state, permissions,
   * overrides), plus the rows that failed to load. Synchronous; ordered by creation.
   */
  summaries(): { registrations: McpRegistrationSummary[]; issues: RegistrationStorageIssue[] } {
    const { records, issues } = this.deps.repo.scan();
    return { registrations: records.map((record) => this.summaryOf(record)), issues };
  }

  /** For call gates (send-time recheck, docs/spec/mcp-platform.md §4): one summary, nothing decrypted. */
  lookupSummary(id: string): RegistrationLookup<McpRegistrationSummary> {
    const load = this.deps.repo.load(id);
    if (load.status === "missing") return { status: "missing" };
    if (load.status === "unreadable") return { status: "unavailable", issue: load.issue };
    return { status: "found", registration: summaryOf(load.record) };
  }

  // ---- hooks for the catalog feature -------------------------------------------------------

  /**
   * Registers `listener(registrationId)`, called synchronously when a registration's catalog
   * becomes invalid (connection change or removal), after the stored snapshot was deleted and
   * before the new registration is saved. Use it to drop in-memory catalog copies. Returns an
   * unsubscribe function.
   */
  onCatalogInvalidated(listener: (registrationId: string) => void): () => void {
    this.invalidationListeners.add(listener);
    return () => this.invalidationListeners.delete(listener);
  }

  /**
   * Supplies the cached input schema of a tool (memory → SQLite, never the network; null when no
   * catalog or no such tool), used to refuse description overrides naming unknown properties.
   */
  setToolSchemaSource(source: (registrationId: string, nativeName: string) => Promise<McpJsonObject | null>): void {
    this.toolSchema = source;
  }

  /** Supplies the catalog facts merged into every server view (`negotiatedProtocolVersion`, `fetchedAt`). */
  setCatalogInfoSource(source: (registrationId: string) => McpServerCatalogInfo | null): void {
    this.catalogInfo = source;
  }

  // ---- mutations ---------------------------------------------------------------------------

  /**
   * `servers.create`: a new paused registration (id generated here). Headers are checked here
   * (`mcp.header_name_invalid` / `_value_invalid` / `mcp.header_reserved`); the answer carries the
   * warnings `mcp.endpoint_unreachable_when_deployed` and `mcp.import_duplicate_endpoint`.
   */
  async create(input: McpServerInput): Promise<McpServerView> {
    return this.deps.mutex.run(async () => {
      const prepared = prepare(input);
      const duplicate = duplicateEndpointWarning(prepared, this.deps.repo.scan().records);
      const record = await this.newRecord(prepared);
      this.deps.repo.insert(record);
      return this.announce(record, [...this.warningsFor(prepared.host), ...duplicate]);
    });
  }

  /**
   * JSON import (./registry-import): several HTTP servers become several paused registrations in
   * one call; other entries (including those failing the create checks, headers too) are listed
   * in `skipped` with the check's code. An entry whose endpoint is already registered (or appears
   * earlier in the same document) is still created, with a `mcp.import_duplicate_endpoint`
   * warning. All secrets are sealed before the first write, so `secrets.key_unavailable` creates
   * nothing.
   */
  async importJson(json: string): Promise<McpImportResult> {
    const { candidates, skipped } = interpretImportDocument(json);
    return this.deps.mutex.run(async () => {
      const ready: Array<{ record: StoredRegistration; host: string; duplicate: RegistrationWarning[] }> = [];
      const known = [...this.deps.repo.scan().records];
      for (const candidate of candidates) {
        let prepared: Prepared;
        try {
          const endpoint = parseEndpoint(candidate.endpoint);
          prepared = prepare({ ...candidate, displayName: candidate.displayName ?? endpoint.host });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          skipped.push({
            name: candidate.name,
            code: error.code,
            message: error.message,
            ...(error.details ? { details: error.details } : {}),
          });
          continue;
        }
        const duplicate = duplicateEndpointWarning(prepared, known);
        const record = await this.newRecord(prepared);
        known.push(record);
        ready.push({ record, host: prepared.host, duplicate });
      }
      for (const { record } of ready) this.deps.repo.insert(record);
      const servers: McpServerView[] = [];
      for (const { record, host, duplicate } of ready)
        servers.push(await this.announce(record, [...this.warningsFor(host), ...duplicate]));
      return { servers, skipped };
    });
  }

  /**
   * `servers.update`: atomic full replacement of name, endpoint, headers and protocol version;
   * state, permissions and overrides are kept. A connection change deletes the catalog snapshot
   * first; a name-only change keeps it.
   */
  async update(id: string, input: McpServerInput, ifRevision?: number): Promise<McpServerView> {
    const registrationId = parseRegistrationId(id);
    const prepared = prepare(input);
    return this.deps.mutex.run(async () => {
      const current = this.requireRecord(registrationId);
      await this.checkRevision(current, ifRevision);
      const sealed = await sealConnection(this.deps.cipher, registrationId, prepared.endpoint, prepared.headers);
      let previous: Pick<McpServerRegistration, "endpoint" | "headers" | "protocolVersion"> | null;
      try {
        previous = { ...(await openConnection(this.deps.cipher, current)), protocolVersion: current.protocolVersion };
      } catch {
        previous = null;
      }
      const next: StoredRegistration = {
        ...current,
        ...sealed,
        displayName: prepared.displayName,
        protocolVersion: prepared.protocolVersion,
      };
      if (previous === null || connectionChanged(previous, prepared)) this.invalidateCatalog(registrationId);
      this.save(next, current);
      const endpointChanged = previous === null || previous.endpoint !== prepared.endpoint;
      return this.announce(this.requireRecord(registrationId), endpointChanged ? this.warningsFor(prepared.host) : []);
    });
  }

  /** `servers.setState`; activating a loopback/private endpoint when deployed adds a warning. */
  async setState(id: string, state: McpServerState, ifRevision?: number): Promise<McpServerView> {
    const registrationId = parseRegistrationId(id);
    return this.deps.mutex.run(async () => {
      const current = this.requireRecord(registrationId);
      await this.checkRevision(current, ifRevision);
      this.save({ ...current, state }, current);
      const warnings = state === "active" ? this.warningsFor(parseEndpoint(current.endpoint).host) : [];
      return this.announce(this.requireRecord(registrationId), warnings);
    });
  }

  /** `tools.setPermission`: `off` deletes the key (docs/spec/mcp-platform.md §4). Never touches the catalog. */
  async setPermission(
    id: string,
    nativeName: string,
    permission: ToolPermission,
    ifRevision?: number,
  ): Promise<McpServerView> {
    const registrationId = parseRegistrationId(id);
    return this.deps.mutex.run(async () => {
      const current = this.requireRecord(registrationId);
      await this.checkRevision(current, ifRevision);
      this.save(
        { ...current, toolPermissions: withPermission(current.toolPermissions, nativeName, permission) },
        current,
      );
      return this.announce(this.requireRecord(registrationId), []);
    });
  }

  /**
   * Several tools' permissions in one change (docs/spec/approvals.md §8): a patch of the listed
   * tools only (`off` deletes the key), one revision. Checking the names against the catalog is
   * the caller's (tool-permissions.ts). Errors: `mcp.registration_not_found`,
   * `mcp.registration_conflict` (409) on a stale `ifRevision`.
   */
  async setPermissions(id: string, patch: Record<string, ToolPermission>, ifRevision?: number): Promise<McpServerView> {
    const registrationId = parseRegistrationId(id);
    return this.deps.mutex.run(async () => {
      const current = this.requireRecord(registrationId);
      await this.checkRevision(current, ifRevision);
      let permissions = current.toolPermissions;
      for (const [nativeName, permission] of Object.entries(patch))
        permissions = withPermission(permissions, nativeName, permission);
      this.save({ ...current, toolPermissions: permissions }, current);
      return this.announce(this.requireRecord(registrationId), []);
    });
  }

  /**
   * `tools.setDescriptionOverride`: whole replacement, `null` deletes (docs/spec/mcp-platform.md §5).
   * When the tool is in the cached catalog, property overrides must name properties its input
   * schema declares, else `tool.description_override_unknown_property` (400, `details.properties`)
   * and nothing is saved (docs/spec/hardening.md "Description overrides"). Without a cached
   * catalog the override is saved and the Manager flags it once the tool is known.
   */
  async setDescriptionOverride(
    id: string,
    nativeName: string,
    override: ToolDescriptionOverride | null,
    ifRevision?: number,
  ): Promise<McpServerView> {
    const registrationId = parseRegistrationId(id);
    return this.deps.mutex.run(async () => {
      const current = this.requireRecord(registrationId);
      await this.checkRevision(current, ifRevision);
      await this.checkOverrideFits(registrationId, nativeName, override);
      const overrides = withDescriptionOverride(current.toolDescriptionOverrides, nativeName, override);
      this.save({ ...current, toolDescriptionOverrides: overrides }, current);
      return this.announce(this.requireRecord(registrationId), []);
    });
  }

  /**
   * `servers.remove`: deletes the registration and its catalog snapshot. Works on rows that fail
   * to load (so a user can clean them up). Returns the removal revision (last revision + 1).
   */
  async remove(id: string, ifRevision?: number): Promise<McpServerRemoved> {
    const registrationId = parseRegistrationId(id);
    return this.deps.mutex.run(async () => {
      const load = this.deps.repo.load(registrationId);
      if (load.status === "missing") throw notFound(registrationId);
      const revision = load.status === "found" ? load.record.revision : load.revision;
      if (ifRevision !== undefined && ifRevision !== revision) {
        const current =
          load.status === "found"
            ? (await this.view(load.record)).view
            : { id: registrationId, revision, storageIssue: load.issue };
        throw conflict(current);
      }
      this.invalidateCatalog(registrationId);
      this.deps.repo.remove(registrationId);
      const removed = { registrationId, revision: revision + 1 };
      this.deps.sockets.broadcast({ type: "mcp.server_removed", ...removed });
      return removed;
    });
  }

  // ---- internals ---------------------------------------------------------------------------

  private async newRecord(prepared: Prepared): Promise<StoredRegistration> {
    const id = newRegistrationId();
    const now = this.deps.clock.now();
    const sealed = await sealConnection(this.deps.cipher, id, prepared.endpoint, prepared.headers);
    return {
      id,
      ...sealed,
      displayName: prepared.displayName,
      protocolVersion: prepared.protocolVersion,
      state: "paused",
      toolPermissions: {},
      toolDescriptionOverrides: {},
      revision: 1,
      createdAt: now,
      updatedAt: now,
    };
  }

  private save(next: StoredRegistration, current: StoredRegistration): void {
    const record = { ...next, revision: current.revision + 1, updatedAt: this.deps.clock.now() };
    if (!this.deps.repo.replace(record, current.revision))
      throw new AppError(
        "mcp.registration_conflict",
        "This MCP server was changed at the same time; reload and try again.",
      );
  }

  private async checkOverrideFits(
    registrationId: string,
    nativeName: string,
    override: ToolDescriptionOverride | null,
  ): Promise<void> {
    if (Object.keys(override?.properties ?? {}).length === 0) return;
    const schema = await this.toolSchema(registrationId, nativeName);
    if (!schema) return;
    const unknown = overrideUnknownProperties(schema, override);
    if (unknown.length === 0) return;
    const shown = unknown.map((name) => `"${name.slice(0, 80)}"`).join(", ");
    throw new AppError(
      "tool.description_override_unknown_property",
      `Tool "${nativeName.slice(0, 120)}" has no input ${unknown.length === 1 ? "property" : "properties"} ${shown}; a description can only be set for the properties its schema declares. Nothing was saved.`,
      { properties: unknown },
    );
  }

  private invalidateCatalog(registrationId: string): void {
    this.deps.repo.deleteCatalogSnapshot(registrationId);
    for (const listener of this.invalidationListeners) listener(registrationId);
  }

  private requireRecord(id: string): StoredRegistration {
    const load = this.deps.repo.load(id);
    if (load.status === "missing") throw notFound(id);
    if (load.status === "unreadable") throw storageIssue(load.issue);
    return load.record;
  }

  private async checkRevision(current: StoredRegistration, ifRevision: number | undefined): Promise<void> {
    if (ifRevision !== undefined && ifRevision !== current.revision) throw conflict((await this.view(current)).view);
  }

  private warningsFor(host: string): RegistrationWarning[] {
    const warning = unreachableWarning(host, this.deps.development);
    return warning ? [warning] : [];
  }

  /** Broadcasts `mcp.server_changed` (without warnings) and returns the view with them. */
  private async announce(record: StoredRegistration, warnings: RegistrationWarning[]): Promise<McpServerView> {
    const { view } = await this.view(record);
    this.deps.sockets.broadcast({ type: "mcp.server_changed", server: view });
    return warnings.length > 0 ? { ...view, warnings } : view;
  }

  private view(record: StoredRegistration): Promise<{ view: McpServerView; issue: RegistrationStorageIssue | null }> {
    return serverView(record, (r) => this.openSecrets(r), this.catalogInfo(record.id));
  }

  /** The record's secrets in clear, opened once per record object (a failure is not remembered). */
  private openSecrets(record: StoredRegistration): Promise<OpenedSecrets> {
    let opened = this.openedSecrets.get(record);
    if (!opened) {
      opened = openConnection(this.deps.cipher, record).then((secrets) =>
        Object.freeze({ endpoint: secrets.endpoint, headers: Object.freeze(secrets.headers) }),
      );
      opened.catch(() => this.openedSecrets.delete(record));
      this.openedSecrets.set(record, opened);
    }
    return opened;
  }

  /** A frozen summary of the record, built once per record object. */
  private summaryOf(record: StoredRegistration): McpRegistrationSummary {
    let summary = this.summaryCache.get(record);
    if (!summary) {
      summary = Object.freeze(summaryOf(record));
      this.summaryCache.set(record, summary);
    }
    return summary;
  }
}

/** A record's secrets in clear (frozen; shared by every reader of that record). */
type OpenedSecrets = Readonly<{ endpoint: string; headers: Readonly<Record<string, string>> }>;
