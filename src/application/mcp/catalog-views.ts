/**
 * The discovery result DTO (docs/spec/mcp-platform.md §14 `McpDiscoveryResult`, `McpTool`): the cached catalog
 * with permissions and staleTools projected at read time (never stored). Hosted addition:
 * `fetchedAt` (ISO 8601) of the snapshot.
 */
import type { McpDiscoveredCatalog, McpToolDiagnostic } from "../../domain/mcp/discovered-catalog";
import type { StoredToolPermission } from "../../domain/mcp/registration";
import type { ToolReview } from "../../domain/mcp/tool-review";
import { mcpToolId } from "../../domain/mcp/tool-id";
import type { McpDiscoveryView, McpToolView } from "../../contracts/mcp-views";

export type { McpDiscoveryView, McpToolView };

/** Projects a catalog plus the registration's stored permissions onto the DTO. */
export function discoveryView(
  registrationId: string,
  catalog: McpDiscoveredCatalog,
  permissions: Record<string, StoredToolPermission>,
  fetchedAt: number,
  extra: McpToolDiagnostic[] = [],
  reviews: Record<string, ToolReview> = {},
): McpDiscoveryView {
  const names = new Set(catalog.tools.map((tool) => tool.nativeName));
  return {
    registrationId,
    protocolVersion: catalog.protocolVersion,
    ...(catalog.serverName !== null ? { serverName: catalog.serverName } : {}),
    ...(catalog.serverVersion !== null ? { serverVersion: catalog.serverVersion } : {}),
    tools: catalog.tools.map((tool) => ({
      id: mcpToolId(registrationId, tool.nativeName),
      nativeName: tool.nativeName,
      ...(tool.title !== null ? { title: tool.title } : {}),
      ...(tool.description !== null ? { description: tool.description } : {}),
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema !== null ? { outputSchema: tool.outputSchema } : {}),
      annotations: tool.annotations,
      permission: Object.hasOwn(permissions, tool.nativeName) ? permissions[tool.nativeName]! : "off",
      ...(Object.hasOwn(reviews, tool.nativeName) ? { review: reviewView(reviews[tool.nativeName]!) } : {}),
    })),
    diagnostics: [...catalog.diagnostics, ...extra].map((d) => ({
      code: d.code,
      ...(d.nativeName !== null ? { nativeName: d.nativeName } : {}),
      message: d.message,
    })),
    staleTools: Object.entries(permissions)
      .filter(([name]) => !names.has(name))
      .map(([nativeName, permission]) => ({ nativeName, permission })),
    fetchedAt: new Date(fetchedAt).toISOString(),
  };
}

/** A pending review on the wire (`tools[].review`, docs/spec/approvals.md §7). */
function reviewView(review: ToolReview) {
  return { changedAt: new Date(review.changedAt).toISOString(), previous: review.previous, current: review.current };
}
