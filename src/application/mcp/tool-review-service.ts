/**
 * Catalog change review (docs/spec/approvals.md §7). Remembers, per permitted tool, the descriptor
 * the user approved (name, description, inputSchema, annotations) and its hash, and compares every
 * new discovery against it:
 * - unchanged → nothing; a permitted tool with nothing remembered yet (permitted before this
 *   feature, or before its first discovery) adopts the previously cached descriptor (or, with none,
 *   the new one), so no Allow drops on upgrade;
 * - changed, or missing from a discovery and back in a later one → flagged for review
 *   (`{changedAt, previous, current}`), the diagnostic `mcp.tool_changed_since_permission`, and an
 *   Allow tool drops to Ask (Off stays Off: Off tools are not tracked);
 * - accepting a review restores the level the user had set and approves the current descriptor.
 * Setting a permission (Ask/Allow) approves the cached descriptor; Off forgets the tool.
 */
import { AppError } from "../../domain/errors";
import type { McpDiscoveredCatalog, McpDiscoveredTool, McpToolDiagnostic } from "../../domain/mcp/discovered-catalog";
import {
  descriptorHash,
  reviewedDescriptor,
  type ReviewedDescriptor,
  type ToolApprovalRecord,
  type ToolReview,
} from "../../domain/mcp/tool-review";
import type { ToolApprovalStore } from "../../ports/tool-approval-store";
import type { Clock } from "../../ports/space";

export interface ToolReviewDeps {
  store: ToolApprovalStore;
  clock: Clock;
  /** The tool in the registration's cached catalog (never the network), or null. */
  cachedTool(registrationId: string, nativeName: string): Promise<McpDiscoveredTool | null>;
}

/** What a discovery changed: tools to drop from Allow to Ask, and their diagnostics. */
export interface DiscoveryReview {
  drops: string[];
  diagnostics: McpToolDiagnostic[];
}

export class ToolReviewService {
  constructor(private readonly deps: ToolReviewDeps) {}

  /** Pending reviews of a registration by native name. */
  reviewsOf(registrationId: string): Record<string, ToolReview> {
    const out: Record<string, ToolReview> = {};
    for (const record of this.deps.store.forRegistration(registrationId))
      if (record.review) out[record.nativeName] = record.review;
    return out;
  }

  /** Compares a new catalog with what was approved (see the file docstring). */
  async onDiscovered(
    registrationId: string,
    permissions: Record<string, "ask" | "allow">,
    previous: McpDiscoveredCatalog | null,
    next: McpDiscoveredCatalog,
  ): Promise<DiscoveryReview> {
    const out: DiscoveryReview = { drops: [], diagnostics: [] };
    for (const [nativeName, level] of Object.entries(permissions)) {
      const stored = this.deps.store.get(registrationId, nativeName);
      const before = previous?.tools.find((t) => t.nativeName === nativeName);
      const baseline: ReviewedDescriptor | null = stored?.approved ?? (before ? reviewedDescriptor(before) : null);
      const now = next.tools.find((t) => t.nativeName === nativeName);
      if (!now) {
        if (baseline && !stored?.gone)
          this.deps.store.put(await this.record(registrationId, nativeName, baseline, level, stored, { gone: true }));
        continue;
      }
      const current = reviewedDescriptor(now);
      const currentHash = await descriptorHash(current);
      if (!baseline) {
        this.deps.store.put(await this.record(registrationId, nativeName, current, level, null, {}));
        continue;
      }
      const baselineHash = stored?.approvedHash ?? (await descriptorHash(baseline));
      if (!stored?.gone && currentHash === baselineHash) {
        if (!stored) this.deps.store.put(await this.record(registrationId, nativeName, baseline, level, null, {}));
        continue;
      }
      const same = stored?.review && !stored.gone && (await descriptorHash(stored.review.current)) === currentHash;
      const review: ToolReview = same
        ? stored!.review!
        : { changedAt: this.deps.clock.now(), previous: baseline, current };
      const restore = stored?.review ? stored.level : level;
      this.deps.store.put({
        registrationId,
        nativeName,
        approved: baseline,
        approvedHash: baselineHash,
        level: restore,
        gone: false,
        review,
      });
      if (level === "allow") out.drops.push(nativeName);
      out.diagnostics.push({
        code: "mcp.tool_changed_since_permission",
        nativeName,
        message: `Tool "${nativeName.slice(0, 120)}" changed since you set its permission (${whatChanged(review)}). It asks before every call until you review the change.`,
      });
    }
    return out;
  }

  /** After the user set a permission: Ask/Allow approves the cached descriptor, Off forgets the tool. */
  async onPermissionSet(registrationId: string, nativeName: string, level: "off" | "ask" | "allow"): Promise<void> {
    if (level === "off") {
      this.deps.store.remove(registrationId, nativeName);
      return;
    }
    const tool = await this.deps.cachedTool(registrationId, nativeName);
    if (!tool) {
      this.deps.store.remove(registrationId, nativeName);
      return;
    }
    this.deps.store.put(await this.record(registrationId, nativeName, reviewedDescriptor(tool), level, null, {}));
  }

  /**
   * The level to restore for an accepted review (then `onPermissionSet` approves the current
   * descriptor). Errors: `mcp.tool_review_not_found` (404) when the tool has no pending review.
   */
  pendingLevel(registrationId: string, nativeName: string): "ask" | "allow" {
    const stored = this.deps.store.get(registrationId, nativeName);
    if (!stored?.review)
      throw new AppError(
        "mcp.tool_review_not_found",
        `Tool "${nativeName.slice(0, 120)}" has no change waiting for review.`,
        { nativeName },
      );
    return stored.level;
  }

  forgetRegistration(registrationId: string): void {
    this.deps.store.removeRegistration(registrationId);
  }

  private async record(
    registrationId: string,
    nativeName: string,
    approved: ReviewedDescriptor,
    level: "ask" | "allow",
    stored: ToolApprovalRecord | null | undefined,
    extra: { gone?: boolean },
  ): Promise<ToolApprovalRecord> {
    return {
      registrationId,
      nativeName,
      approved,
      approvedHash: stored?.approvedHash ?? (await descriptorHash(approved)),
      level: stored?.review ? stored.level : level,
      gone: extra.gone ?? false,
      review: stored?.review ?? null,
    };
  }
}

/** A short English list of what differs between the approved and the current descriptor. */
function whatChanged(review: ToolReview): string {
  if (review.previous.name === review.current.name && sameJson(review.previous, review.current))
    return "it was missing from a discovery and came back";
  const parts: string[] = [];
  if (review.previous.description !== review.current.description) parts.push("description");
  if (!sameJson(review.previous.inputSchema, review.current.inputSchema)) parts.push("input schema");
  if (!sameJson(review.previous.annotations, review.current.annotations)) parts.push("annotations");
  return parts.length > 0 ? `${parts.join(", ")} changed` : "its definition changed";
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
