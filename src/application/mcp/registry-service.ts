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
 * of src/domain/mcp, `secrets.key_unavailable`, the import codes of ./registry-import. Per-file
 * concepts: import entries' checks (registry-import-entries.ts), tool permissions
 * (registry-permissions.ts), description overrides (registry-overrides.ts), one change (registry-edit.ts).
 */
import { AppError } from "../../domain/errors";
import { parseEndpoint } from "../../domain/mcp/endpoint";
import { unreachableWarning, type RegistrationWarning } from "../../domain/mcp/reachability";
import { newRegistrationId, parseRegistrationId } from "../../domain/mcp/registration-id";
import {
  connectionChanged,
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
import type { RegistryEditor } from "./registry-edit";
import { interpretImportDocument } from "./registry-import";
import { classifyImportEntries } from "./registry-import-entries";
import { setToolDescriptionOverride, type ToolSchemaSource } from "./registry-overrides";
import { setToolPermission, setToolPermissions } from "./registry-permissions";
import {
  conflict,
  duplicateEndpointWarning,
  notFound,
  prepare,
  serverView,
  storageIssue,
  type McpServerInput,
  type OpenedRegistration,
  type Prepared,
} from "./registry-records";
import { type ListInputs, ServerListText, serverList } from "./registry-list";
import { lookupMany, lookupOne, loadOne, type RegistrationLookup } from "./registry-connections";
import { RegistryMemo } from "./registry-memo";
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

export type { RegistrationLookup };

export class McpRegistryService {
  private readonly invalidationListeners = new Set<(registrationId: string) => void>();
  private catalogInfos: (registrationIds: readonly string[]) => ReadonlyMap<string, McpServerCatalogInfo | null> = () =>
    new Map();
  private toolSchema: ToolSchemaSource = async () => null;
  /** Opened secrets, summaries and opened registrations per record object (registry-memo.ts). */
  private readonly memo: RegistryMemo;
  /** listJson's last answer (registry-list.ts). */
  private readonly listText = new ServerListText();
  /** The record's secrets in clear, through the memo (what every server view opens). */
  private readonly openSecrets = (record: StoredRegistration) => this.memo.openSecrets(record);

  constructor(private readonly deps: McpRegistryDeps) {
    this.memo = new RegistryMemo(deps.cipher);
  }

  // ---- reads -------------------------------------------------------------------------------

  /** `servers.list()`: every healthy registration (secrets opened) and every storage issue. */
  async list(): Promise<McpServerList> {
    return serverList(this.scanForList(), this.openSecrets);
  }

  /**
   * `servers.list()` as JSON text (what `GET /mcp/servers` sends; one string crosses the hop). The
   * rows are selected on every call; the text is rebuilt only when they or their catalog facts
   * changed (registry-list.ts, docs/decisions/3150).
   */
  listJson(): Promise<string> {
    return this.listText.text(this.scanForList(), (inputs) => serverList(inputs, this.openSecrets));
  }

  private scanForList(): ListInputs {
    const { records, issues } = this.deps.repo.scan();
    return { records, issues, infos: this.catalogInfos(records.map((record) => record.id)) };
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
    return lookupOne(this.deps.repo, this.memo, id);
  }

  /** lookupForConnection of several ids with one scan of the table (registry-connections.ts). */
  lookupManyForConnection(ids: readonly string[]): Promise<Map<string, RegistrationLookup<OpenedRegistration>>> {
    return lookupMany(this.deps.repo, this.memo, ids);
  }

  /**
   * Throwing form of lookupForConnection: `mcp.registration_not_found` (404) or
   * `mcp.registration_storage_issue` / `secrets.key_mismatch` / `secrets.key_unavailable`.
   */
  loadForConnection(id: string): Promise<OpenedRegistration> {
    return loadOne(this.deps.repo, this.memo, id);
  }

  /**
   * For tool resolution: every registration WITHOUT decrypting anything (state, permissions,
   * overrides), plus the rows that failed to load. Synchronous; ordered by creation.
   */
  summaries(): { registrations: McpRegistrationSummary[]; issues: RegistrationStorageIssue[] } {
    const { records, issues } = this.deps.repo.scan();
    return { registrations: records.map((record) => this.memo.summaryOf(record)), issues };
  }

  /** For call gates (send-time recheck, docs/spec/mcp-platform.md §4): one summary, nothing decrypted. */
  lookupSummary(id: string): RegistrationLookup<McpRegistrationSummary> {
    const load = this.deps.repo.load(id);
    if (load.status === "missing") return { status: "missing" };
    if (load.status === "unreadable") return { status: "unavailable", issue: load.issue };
    return { status: "found", registration: this.memo.summaryOf(load.record) };
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
  setToolSchemaSource(source: ToolSchemaSource): void {
    this.toolSchema = source;
  }

  /**
   * Supplies the catalog facts merged into every server view (`negotiatedProtocolVersion`,
   * `fetchedAt`), for many registrations at once (id → facts or null).
   */
  setCatalogInfoSource(
    source: (registrationIds: readonly string[]) => ReadonlyMap<string, McpServerCatalogInfo | null>,
  ): void {
    this.catalogInfos = source;
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
      const accepted = classifyImportEntries(candidates, this.deps.repo.scan().records, skipped);
      const ready: Array<{ record: StoredRegistration; host: string; duplicate: RegistrationWarning[] }> = [];
      for (const { prepared, duplicate } of accepted)
        ready.push({ record: await this.newRecord(prepared), host: prepared.host, duplicate });
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
    return this.edit(
      id,
      ifRevision,
      (current) => ({ ...current, state }),
      (saved) => (state === "active" ? this.warningsFor(parseEndpoint(saved.endpoint).host) : []),
    );
  }

  /** `tools.setPermission` (registry-permissions.ts): `off` deletes the key. Never touches the catalog. */
  setPermission(
    id: string,
    nativeName: string,
    permission: ToolPermission,
    ifRevision?: number,
  ): Promise<McpServerView> {
    return setToolPermission(this.editor, id, nativeName, permission, ifRevision);
  }

  /** Several tools' permissions in one revision (registry-permissions.ts; docs/spec/approvals.md §8). */
  setPermissions(id: string, patch: Record<string, ToolPermission>, ifRevision?: number): Promise<McpServerView> {
    return setToolPermissions(this.editor, id, patch, ifRevision);
  }

  /** `tools.setDescriptionOverride` (registry-overrides.ts): whole replacement, `null` deletes. */
  setDescriptionOverride(
    id: string,
    nativeName: string,
    override: ToolDescriptionOverride | null,
    ifRevision?: number,
  ): Promise<McpServerView> {
    return setToolDescriptionOverride(this.editor, this.toolSchema, id, nativeName, override, ifRevision);
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

  /**
   * registry-edit.ts: one checked, saved and announced change of a registration; `warnings` of
   * the saved record go into the answer (not the broadcast).
   */
  private edit(
    id: string,
    ifRevision: number | undefined,
    change: (current: StoredRegistration) => StoredRegistration | Promise<StoredRegistration>,
    warnings: (saved: StoredRegistration) => RegistrationWarning[] = () => [],
  ): Promise<McpServerView> {
    const registrationId = parseRegistrationId(id);
    return this.deps.mutex.run(async () => {
      const current = this.requireRecord(registrationId);
      await this.checkRevision(current, ifRevision);
      this.save(await change(current), current);
      const saved = this.requireRecord(registrationId);
      return this.announce(saved, warnings(saved));
    });
  }

  private readonly editor: RegistryEditor = { edit: (id, ifRevision, change) => this.edit(id, ifRevision, change) };

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
    return serverView(record, this.openSecrets, this.catalogInfos([record.id]).get(record.id) ?? null);
  }
}
