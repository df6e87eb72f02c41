/**
 * McpCatalogService: catalog snapshots of MCP registrations (docs/spec/mcp-platform.md §8: memory →
 * SQLite row → network). One instance per user space (composition/mcp-catalog.ts).
 *
 * - `discover(id)`: the paused gate first (`mcp.server_paused`), then memory → SQLite snapshot
 *   (validated, then published to memory; a corrupt / mismatched snapshot fails explicitly with its
 *   `mcp.catalog_*` code) → only if both miss, a network discovery.
 * - `refresh(id)`: paused gate, then always the network; replaces any snapshot, even a corrupt one.
 * - A network discovery publishes only after full success: SQLite first (header + tool rows in one
 *   transaction), then memory; if the write fails the catalog is published memory-only with the
 *   diagnostic `mcp.catalog_persistence_failed` and the old snapshot is left as is. Every publish
 *   broadcasts `mcp.catalog_changed {registrationId, fetchedAt}`.
 * - `readCached(id)` (port CatalogCache, for tool resolution and model calls): memory → SQLite,
 *   never the network, never throws for a bad snapshot.
 * Snapshots are bound to the registration id and an HMAC digest of the normalized endpoint
 * (`SecretCipher.digest`); a digest that no longer matches is `mcp.catalog_endpoint_mismatch`.
 * Errors: `mcp.registration_not_found`, `mcp.registration_storage_issue`, `secrets.*`,
 * `mcp.server_paused`, the `mcp.catalog_*` codes, and every discovery code of McpGateway.discover.
 */
import { AppError, type ErrorCode } from "../../domain/errors";
import type { McpDiscoveredCatalog, McpEraHint } from "../../domain/mcp/discovered-catalog";
import { parseRegistrationId } from "../../domain/mcp/registration-id";
import type { CachedCatalogRead, CatalogCache } from "../../ports/catalog-cache";
import type { CatalogSnapshotRepository } from "../../ports/catalog-snapshot-repository";
import type { McpConnectionTarget, McpGateway } from "../../ports/mcp-gateway";
import type { SecretCipher } from "../../ports/secret-cipher";
import type { Clock, SocketHub } from "../../ports/space";
import { discoveryView, type McpDiscoveryView } from "./catalog-views";
import type { OpenedRegistration, RegistrationLookup } from "./registry-service";
import type { ToolReviewService } from "./tool-review-service";

/** What the catalog needs from the registry (McpRegistryService satisfies it). */
export interface CatalogRegistrySource {
  lookupForConnection(id: string): Promise<RegistrationLookup<OpenedRegistration>>;
  lookupManyForConnection(ids: readonly string[]): Promise<Map<string, RegistrationLookup<OpenedRegistration>>>;
  loadForConnection(id: string): Promise<OpenedRegistration>;
  onCatalogInvalidated(listener: (registrationId: string) => void): () => void;
}

export interface McpCatalogDeps {
  registry: CatalogRegistrySource;
  snapshots: CatalogSnapshotRepository;
  gateway: McpGateway;
  cipher: SecretCipher;
  clock: Clock;
  sockets: SocketHub;
  log?: (entry: Record<string, unknown>) => void;
  /** Catalog change review (docs/spec/approvals.md §7); absent = no review (tests of the catalog alone). */
  reviews?: Pick<ToolReviewService, "onDiscovered" | "reviewsOf">;
  /** Sets several tools' permissions at once (an Allow tool that changed drops to Ask). */
  setPermissions?: (registrationId: string, patch: Record<string, "ask">) => Promise<unknown>;
}

/** The in-memory hot copy of one registration's catalog. */
interface HotCatalog {
  catalog: McpDiscoveredCatalog;
  endpointDigest: string;
  fetchedAt: number;
  era?: McpEraHint;
  /** False when the last publish could not be written to SQLite. */
  persisted: boolean;
}

const PERSISTENCE_FAILED: ErrorCode = "mcp.catalog_persistence_failed";

export class McpCatalogService implements CatalogCache {
  private readonly memory = new Map<string, HotCatalog>();
  /**
   * Endpoint digests per opened registration object (the registry hands back the same frozen
   * object while the row is unchanged, docs/decisions/3100), so cached reads do no HMAC work.
   */
  private readonly digests = new WeakMap<OpenedRegistration, Promise<string>>();

  constructor(private readonly deps: McpCatalogDeps) {
    deps.registry.onCatalogInvalidated((id) => this.memory.delete(id));
  }

  /** `servers.discover` (memory → SQLite → network). */
  async discover(id: string): Promise<McpDiscoveryView> {
    const registration = await this.activeRegistration(id);
    const digest = await this.digestOf(registration);
    const hot = this.memory.get(registration.id);
    if (hot && hot.endpointDigest === digest) return this.view(registration, hot);
    const stored = this.deps.snapshots.read(registration.id);
    if (stored.status === "invalid")
      throw new AppError(stored.code, stored.message, { registrationId: registration.id });
    if (stored.status === "found") {
      if (stored.snapshot.endpointDigest !== digest) throw endpointMismatch(registration.id);
      const loaded: HotCatalog = {
        catalog: stored.snapshot.catalog,
        endpointDigest: digest,
        fetchedAt: stored.snapshot.fetchedAt,
        ...(stored.snapshot.era ? { era: stored.snapshot.era } : {}),
        persisted: true,
      };
      this.memory.set(registration.id, loaded);
      return this.view(registration, loaded);
    }
    return this.fromNetwork(registration, digest, undefined);
  }

  /** `servers.refresh` (always the network). */
  async refresh(id: string): Promise<McpDiscoveryView> {
    const registration = await this.activeRegistration(id);
    const digest = await this.deps.cipher.digest(registration.endpoint);
    const hot = this.memory.get(registration.id);
    let era = hot?.endpointDigest === digest ? hot.era : undefined;
    if (!era) {
      const stored = this.deps.snapshots.read(registration.id);
      if (stored.status === "found" && stored.snapshot.endpointDigest === digest) era = stored.snapshot.era;
    }
    return this.fromNetwork(registration, digest, era);
  }

  /** CatalogCache.readCached: memory → SQLite, never the network. */
  async readCached(registrationId: string): Promise<CachedCatalogRead> {
    return this.readFound(registrationId, await this.deps.registry.lookupForConnection(registrationId));
  }

  /**
   * CatalogCache.readCachedMany: readCached of several registrations, reading their rows with one
   * scan instead of one query each (a profile's tools spread over many servers, issue 31).
   */
  async readCachedMany(registrationIds: readonly string[]): Promise<Map<string, CachedCatalogRead>> {
    const found = await this.deps.registry.lookupManyForConnection(registrationIds);
    const out = new Map<string, CachedCatalogRead>();
    for (const id of registrationIds) out.set(id, await this.readFound(id, found.get(id) ?? { status: "missing" }));
    return out;
  }

  private async readFound(
    registrationId: string,
    found: RegistrationLookup<OpenedRegistration>,
  ): Promise<CachedCatalogRead> {
    if (found.status === "missing") return { status: "missing" };
    if (found.status === "unavailable")
      return {
        status: "invalid",
        code: "mcp.catalog_snapshot_invalid",
        message: `The registration cannot be read, so its catalog cannot be checked (${found.issue.code}).`,
      };
    const digest = await this.digestOf(found.registration);
    const hot = this.memory.get(registrationId);
    if (hot && hot.endpointDigest === digest)
      return { status: "cached", catalog: hot.catalog, ...(hot.era ? { era: hot.era } : {}) };
    const stored = this.deps.snapshots.read(registrationId);
    if (stored.status === "missing") return { status: "missing" };
    if (stored.status === "invalid") return { status: "invalid", code: stored.code, message: stored.message };
    if (stored.snapshot.endpointDigest !== digest)
      return {
        status: "invalid",
        code: "mcp.catalog_endpoint_mismatch",
        message: endpointMismatch(registrationId).message,
      };
    const { snapshot } = stored;
    this.memory.set(registrationId, {
      catalog: snapshot.catalog,
      endpointDigest: digest,
      fetchedAt: snapshot.fetchedAt,
      ...(snapshot.era ? { era: snapshot.era } : {}),
      persisted: true,
    });
    return { status: "cached", catalog: snapshot.catalog, ...(snapshot.era ? { era: snapshot.era } : {}) };
  }

  /**
   * `catalogInfo` of each of `ids` (id → facts or null): memory first, and one SQLite read for all
   * the ids memory does not hold (the server list asks for every registration on every call).
   */
  catalogInfos(ids: readonly string[]): Map<string, { negotiatedProtocolVersion: string; fetchedAt: string } | null> {
    const out = new Map<string, { negotiatedProtocolVersion: string; fetchedAt: string } | null>();
    let stored: Map<string, { protocolVersion: string; fetchedAt: number }> | null = null;
    for (const id of ids) {
      const hot = this.memory.get(id);
      if (hot) {
        out.set(id, {
          negotiatedProtocolVersion: hot.catalog.protocolVersion,
          fetchedAt: new Date(hot.fetchedAt).toISOString(),
        });
        continue;
      }
      stored ??= this.deps.snapshots.infos();
      const info = stored.get(id);
      out.set(
        id,
        info
          ? { negotiatedProtocolVersion: info.protocolVersion, fetchedAt: new Date(info.fetchedAt).toISOString() }
          : null,
      );
    }
    return out;
  }

  /** Catalog facts for server views (negotiated version, fetchedAt ISO), or null. */
  catalogInfo(registrationId: string): { negotiatedProtocolVersion: string; fetchedAt: string } | null {
    const hot = this.memory.get(registrationId);
    if (hot)
      return {
        negotiatedProtocolVersion: hot.catalog.protocolVersion,
        fetchedAt: new Date(hot.fetchedAt).toISOString(),
      };
    const info = this.deps.snapshots.info(registrationId);
    return info
      ? { negotiatedProtocolVersion: info.protocolVersion, fetchedAt: new Date(info.fetchedAt).toISOString() }
      : null;
  }

  /** The connection target of a registration (secrets in clear, era from the cache). For test calls. */
  targetOf(registration: OpenedRegistration, era?: McpEraHint): McpConnectionTarget {
    return {
      registrationId: registration.id,
      endpoint: registration.endpoint,
      headers: registration.headers,
      protocolVersion: registration.protocolVersion,
      ...(era ? { era } : {}),
    };
  }

  /** `cipher.digest(registration.endpoint)`, once per registration object. */
  private digestOf(registration: OpenedRegistration): Promise<string> {
    let digest = this.digests.get(registration);
    if (!digest) {
      digest = this.deps.cipher.digest(registration.endpoint);
      digest.catch(() => this.digests.delete(registration));
      this.digests.set(registration, digest);
    }
    return digest;
  }

  private async activeRegistration(id: string): Promise<OpenedRegistration> {
    const registration = await this.deps.registry.loadForConnection(parseRegistrationId(id));
    if (registration.state !== "active") {
      throw new AppError(
        "mcp.server_paused",
        `MCP registration ${registration.id} must be active before discovery; activate it first.`,
        { registrationId: registration.id },
      );
    }
    return registration;
  }

  private async fromNetwork(
    registration: OpenedRegistration,
    digest: string,
    era: McpEraHint | undefined,
  ): Promise<McpDiscoveryView> {
    const discovery = await this.deps.gateway.discover(this.targetOf(registration, era));
    const previous = this.previousCatalog(registration.id);
    const fetchedAt = this.deps.clock.now();
    const current = await this.deps.registry.lookupForConnection(registration.id);
    const unchanged =
      current.status === "found" &&
      current.registration.protocolVersion === registration.protocolVersion &&
      (await this.deps.cipher.digest(current.registration.endpoint)) === digest &&
      sameHeaders(current.registration.headers, registration.headers);
    if (!unchanged) {
      // The connection changed while the network request ran: answer, but publish nothing stale.
      return discoveryView(registration.id, discovery.catalog, registration.toolPermissions, fetchedAt);
    }
    let persisted = true;
    let failure = "";
    try {
      this.deps.snapshots.write({
        registrationId: registration.id,
        endpointDigest: digest,
        catalog: discovery.catalog,
        fetchedAt,
        era: discovery.era,
      });
    } catch (error) {
      persisted = false;
      failure = error instanceof Error ? error.message.slice(0, 200) : "unknown storage error";
      this.deps.log?.({ level: "warn", code: PERSISTENCE_FAILED, registrationId: registration.id, message: failure });
    }
    const hot: HotCatalog = {
      catalog: discovery.catalog,
      endpointDigest: digest,
      fetchedAt,
      era: discovery.era,
      persisted,
    };
    this.memory.set(registration.id, hot);
    let shown = current.status === "found" ? current.registration : registration;
    if (this.deps.reviews) {
      const outcome = await this.deps.reviews.onDiscovered(
        registration.id,
        shown.toolPermissions,
        previous,
        discovery.catalog,
      );
      if (outcome.drops.length > 0 && this.deps.setPermissions) {
        await this.deps.setPermissions(registration.id, Object.fromEntries(outcome.drops.map((n) => [n, "ask"])));
        const again = await this.deps.registry.lookupForConnection(registration.id);
        if (again.status === "found") shown = again.registration;
      }
    }
    this.deps.sockets.broadcast({
      type: "mcp.catalog_changed",
      registrationId: registration.id,
      fetchedAt: new Date(fetchedAt).toISOString(),
    });
    return this.view(shown, hot, failure);
  }

  /** The catalog cached before a new discovery (memory, else the stored snapshot), for change review. */
  private previousCatalog(registrationId: string): McpDiscoveredCatalog | null {
    const hot = this.memory.get(registrationId);
    if (hot) return hot.catalog;
    const stored = this.deps.snapshots.read(registrationId);
    return stored.status === "found" ? stored.snapshot.catalog : null;
  }

  private view(registration: OpenedRegistration, hot: HotCatalog, failure = ""): McpDiscoveryView {
    const extra = hot.persisted
      ? []
      : [
          {
            code: PERSISTENCE_FAILED,
            nativeName: null,
            message: `Tools are available for this session, but the catalog snapshot could not be saved${failure ? `: ${failure}` : "."}`,
          },
        ];
    const reviews = this.deps.reviews?.reviewsOf(registration.id) ?? {};
    const changed = Object.keys(reviews).map((nativeName) => ({
      code: "mcp.tool_changed_since_permission" as const,
      nativeName,
      message: `Tool "${nativeName.slice(0, 120)}" changed since you set its permission; it asks before every call until you review the change.`,
    }));
    return discoveryView(
      registration.id,
      hot.catalog,
      registration.toolPermissions,
      hot.fetchedAt,
      [...extra, ...changed],
      reviews,
    );
  }
}

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

function endpointMismatch(registrationId: string): AppError {
  return new AppError(
    "mcp.catalog_endpoint_mismatch",
    "The stored tool catalog was fetched from a different endpoint; refresh the server to replace it.",
    { registrationId },
  );
}
