/**
 * Composition: the MCP gateway (SDK adapter) and McpCatalogService of one user's space, memoized
 * for the object's lifetime. Timeouts come from code constants, overridable only in development
 * (`space.timeoutOverrides`: `mcpConnectMs`, `mcpLifecycleMs`, `mcpListMs`, `mcpCallMs`).
 */
import { SdkMcpGateway } from "../adapters/mcp/sdk-gateway";
import { SqlMcpCatalogStore } from "../adapters/storage/mcp-catalog-store";
import { McpCatalogService } from "../application/mcp/catalog-service";
import { ToolPermissionService } from "../application/mcp/tool-permissions";
import { ToolReviewService } from "../application/mcp/tool-review-service";
import { SqlToolApprovalStore } from "../adapters/storage/tool-approval-store";
import { mcpTimeouts } from "../domain/mcp/gateway-limits";
import type { CatalogCache } from "../ports/catalog-cache";
import type { McpGateway } from "../ports/mcp-gateway";
import type { Space } from "../ports/space";
import { mcpRegistryServices } from "./mcp-registry";
import { secretCipher } from "./secrets";

/**
 * Client identity sent to MCP servers (docs/spec/mcp-platform.md §6: product name + app version). Kept equal
 * to src/version.ts by tests/unit/mcp/client-identity.test.ts (composition may not import the root).
 */
export const MCP_CLIENT_IDENTITY = { name: "TavernEdge", version: "0.1.0" } as const;

/** The McpGateway of a space (one new short-lived MCP client per discovery / call). */
export function mcpGateway(space: Space): McpGateway {
  return space.memo(
    "mcp.gateway",
    () => new SdkMcpGateway(mcpTimeouts(space.timeoutOverrides), { ...MCP_CLIENT_IDENTITY }),
  );
}

/** The catalog service (discover, refresh, cached-only reads). */
export function mcpCatalogServices(space: Space): McpCatalogService {
  return space.memo("mcp.catalog", () => {
    const registry = mcpRegistryServices(space);
    const service = new McpCatalogService({
      registry,
      snapshots: new SqlMcpCatalogStore(space.storage),
      gateway: mcpGateway(space),
      cipher: secretCipher(space),
      clock: space.clock,
      sockets: space.sockets,
      log: (entry) => console.warn(JSON.stringify(entry)),
      reviews: toolReviews(space),
      setPermissions: (id, patch) => registry.setPermissions(id, patch),
    });
    registry.setCatalogInfoSource((ids) => service.catalogInfos(ids));
    registry.setToolSchemaSource(async (id, nativeName) => {
      const read = await service.readCached(id);
      if (read.status !== "cached") return null;
      return read.catalog.tools.find((tool) => tool.nativeName === nativeName)?.inputSchema ?? null;
    });
    return service;
  });
}

/** The cached-only catalog reader (port CatalogCache) for tool resolution and model calls. */
export function mcpCatalogCache(space: Space): CatalogCache {
  return mcpCatalogServices(space);
}

/**
 * The registry service with the catalog service wired in, so server views always carry
 * `negotiatedProtocolVersion` and `fetchedAt` (even in a fresh object lifetime). Use this from
 * operations that return server views.
 */
export function mcpRegistryWithCatalog(space: Space) {
  mcpCatalogServices(space);
  return mcpRegistryServices(space);
}

/** What the user approved of each permitted tool, and pending change reviews (docs/spec/approvals.md §7). */
export function toolReviews(space: Space): ToolReviewService {
  return space.memo(
    "mcp.tool-reviews",
    () =>
      new ToolReviewService({
        store: new SqlToolApprovalStore(space.sql),
        clock: space.clock,
        cachedTool: async (registrationId, nativeName) => {
          const read = await mcpCatalogServices(space).readCached(registrationId);
          return read.status === "cached"
            ? (read.catalog.tools.find((tool) => tool.nativeName === nativeName) ?? null)
            : null;
        },
      }),
  );
}

/** Permission changes that keep the change review in step (single, bulk, accept a review). */
export function toolPermissions(space: Space): ToolPermissionService {
  return space.memo(
    "mcp.tool-permissions",
    () =>
      new ToolPermissionService({
        registry: mcpRegistryWithCatalog(space),
        reviews: toolReviews(space),
        catalogs: mcpCatalogServices(space),
      }),
  );
}
