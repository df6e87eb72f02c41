/**
 * Composition: the tool system of one user's space (docs/spec/mcp-platform.md §4, docs/spec/tool-system.md §1–§3).
 *
 * - `modelToolResolver(space)`: the cached-only resolver over the registry's summaries and the
 *   catalog cache (memoized).
 * - `profileToolPolicies(space)`: tool policies by profile id from [agent-profiles]' service
 *   (the built-in `default-writer`: 14 builtin tools + `mcp:*`; stored v3 profiles).
 * - `permittedToolCaller(space, gateway?)`: the send-time recheck + call for model tool calls
 *   (default gateway: the space's SDK McpGateway).
 * - `catalogCache(space)`: memory → SQLite catalog reads ([gateway-discovery]'s McpCatalogService).
 */
import { ModelToolResolver } from "../application/tools/model-tool-resolver";
import { PermittedToolCaller } from "../application/tools/permitted-tool-call";
import type { CatalogCache } from "../ports/catalog-cache";
import type { McpGateway } from "../ports/mcp-gateway";
import type { ProfileToolPolicySource } from "../ports/profile-tool-policies";
import type { Space } from "../ports/space";
import { agentProfileRuntime } from "./agent-profiles";
import { mcpCatalogCache, mcpGateway } from "./mcp-catalog";
import { mcpRegistryServices } from "./mcp-registry";

/** Cached-only catalog reads for tool resolution and calls (see file docstring). */
export function catalogCache(space: Space): CatalogCache {
  return mcpCatalogCache(space);
}

/** Tool policies by profile id (see file docstring). */
export function profileToolPolicies(space: Space): ProfileToolPolicySource {
  return agentProfileRuntime(space);
}

/** The memoized cached-only model-tool resolver. */
export function modelToolResolver(space: Space): ModelToolResolver {
  return space.memo("tools.resolver", () => new ModelToolResolver(mcpRegistryServices(space), catalogCache(space)));
}

/** The send-time recheck + call (`callPermittedTool(toolId, args, signal)`); `gateway` defaults to the space's McpGateway. */
export function permittedToolCaller(
  space: Space,
  gateway: Pick<McpGateway, "call"> = mcpGateway(space),
): PermittedToolCaller {
  return new PermittedToolCaller({ registrations: mcpRegistryServices(space), catalogs: catalogCache(space), gateway });
}
