/**
 * Catalog change review (docs/spec/approvals.md §7): each permitted MCP tool remembers what the
 * user approved — its name, description, input schema and annotations — as a descriptor and a
 * SHA-256 hash of its canonical JSON. A discovery that finds the tool changed (or gone and back)
 * drops Allow to Ask and keeps the tool flagged for review until the user accepts the change.
 */
import type { McpDiscoveredTool, McpJsonObject } from "./discovered-catalog";

/** What a permission approves of a tool (the fields a model sees). */
export interface ReviewedDescriptor {
  name: string;
  description: string | null;
  inputSchema: McpJsonObject;
  annotations: McpJsonObject;
}

/** A pending review: what the user approved (`previous`) and what the server offers now (`current`). */
export interface ToolReview {
  /** ms epoch */
  changedAt: number;
  previous: ReviewedDescriptor;
  current: ReviewedDescriptor;
}

/** The stored approval state of one permitted tool. */
export interface ToolApprovalRecord {
  registrationId: string;
  nativeName: string;
  /** What the user approved and its hash. */
  approved: ReviewedDescriptor;
  approvedHash: string;
  /** The level to restore when a review is accepted (the level the user had set). */
  level: "ask" | "allow";
  /** The tool was missing from the last discovery (it counts as changed when it comes back). */
  gone: boolean;
  review: ToolReview | null;
}

export function reviewedDescriptor(tool: McpDiscoveredTool): ReviewedDescriptor {
  return {
    name: tool.nativeName,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: tool.annotations,
  };
}

/** JSON with object keys sorted at every level (the hash input). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Lower-case hex SHA-256 of the descriptor's canonical JSON. */
export async function descriptorHash(descriptor: ReviewedDescriptor): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(descriptor));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
