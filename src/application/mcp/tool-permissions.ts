/**
 * Tool permissions with change review (docs/spec/approvals.md §7–§8): the Manager's single
 * permission, the bulk patch and accepting a reviewed change all go through here, so what the
 * user approved (ToolReviewService) follows every permission change.
 *
 * Errors: the registry's (`mcp.registration_not_found` 404, `mcp.registration_conflict` 409 on a
 * stale `ifRevision`), `mcp.permissions_unknown_tools` (400, `details.unknown`: names not in the
 * cached catalog; nothing changed), `mcp.tool_review_not_found` (404).
 */
import { AppError } from "../../domain/errors";
import type { ToolPermission } from "../../domain/mcp/registration";
import { parseRegistrationId } from "../../domain/mcp/registration-id";
import type { CatalogCache } from "../../ports/catalog-cache";
import type { McpServerView } from "../../contracts/mcp-views";
import type { McpRegistryService } from "./registry-service";
import type { ToolReviewService } from "./tool-review-service";

export interface ToolPermissionDeps {
  registry: Pick<McpRegistryService, "setPermission" | "setPermissions">;
  reviews: Pick<ToolReviewService, "onPermissionSet" | "pendingLevel">;
  catalogs: CatalogCache;
}

export class ToolPermissionService {
  constructor(private readonly deps: ToolPermissionDeps) {}

  /** `PUT …/tools/:nativeName/permission` (and `always_allow` of an approval). */
  async setOne(registrationId: string, nativeName: string, level: ToolPermission, ifRevision?: number) {
    const view = await this.deps.registry.setPermission(registrationId, nativeName, level, ifRevision);
    await this.deps.reviews.onPermissionSet(view.id, nativeName, level);
    return view;
  }

  /** `PUT …/permissions {permissions, ifRevision}`: a patch of the listed tools only. */
  async setMany(
    registrationId: string,
    patch: Record<string, ToolPermission>,
    ifRevision?: number,
  ): Promise<McpServerView> {
    const cached = await this.deps.catalogs.readCached(registrationId);
    const known = new Set(cached.status === "cached" ? cached.catalog.tools.map((t) => t.nativeName) : []);
    const unknown = Object.keys(patch).filter((name) => !known.has(name));
    if (unknown.length > 0) {
      const shown = unknown
        .slice(0, 5)
        .map((name) => `"${name.slice(0, 80)}"`)
        .join(", ");
      throw new AppError(
        "mcp.permissions_unknown_tools",
        `${unknown.length === 1 ? "This tool is" : `${unknown.length} tools are`} not in the server's saved tool list: ${shown}${unknown.length > 5 ? ", …" : ""}. Discover or refresh the server first. Nothing was changed.`,
        { unknown },
      );
    }
    const view = await this.deps.registry.setPermissions(registrationId, patch, ifRevision);
    for (const [nativeName, level] of Object.entries(patch))
      await this.deps.reviews.onPermissionSet(view.id, nativeName, level);
    return view;
  }

  /** `POST …/tools/:nativeName/review {accept: true, ifRevision}`: restores the level, approves the change. */
  async acceptReview(registrationId: string, nativeName: string, ifRevision?: number): Promise<McpServerView> {
    const level = this.deps.reviews.pendingLevel(parseRegistrationId(registrationId), nativeName);
    return this.setOne(registrationId, nativeName, level, ifRevision);
  }
}
