/**
 * Which tool keys a v3 profile may name (docs/spec/profiles.md §3):
 * - the 14 builtin tools of [tool-system] (`builtin:<name>`, with descriptors);
 * - the delegation tools `builtin:agent.list|agent.delegate|agent.await|agent.handoff|task.return`:
 *   with their descriptors (docs/spec/agent-delegation.md §3);
 * - any syntactically valid MCP ToolId `mcp/<canonical uuid>:<native name>` (never checked against
 *   catalogs at save time);
 * - the hosted `mcp:*` entry, in `allow` and `deny` only (docs/spec/hosted.md §5).
 */
import type { ToolDescriptor } from "../tools/descriptor";
import { BUILTIN_TOOLS } from "../tools/builtin-descriptors";
import { DELEGATION_TOOL_NAMES, delegationDescriptor } from "../tools/delegation-descriptors";
import { MCP_WILDCARD } from "../tools/snapshot-compiler";
import { isMcpToolId } from "../tools/tool-id";

/** Delegation tool ids profiles may name (validation only; see file docstring). */
export const DELEGATION_TOOL_IDS = {
  list: "builtin:agent.list",
  delegate: "builtin:agent.delegate",
  await: "builtin:agent.await",
  handoff: "builtin:agent.handoff",
  taskReturn: "builtin:task.return",
} as const;

/** Looks up the descriptor a property override is checked against (undefined: not checked). */
export type DescriptorLookup = (toolId: string) => ToolDescriptor | undefined;

const BUILTIN_BY_ID = new Map([
  ...BUILTIN_TOOLS.map((tool) => [tool.descriptor.id, tool.descriptor] as const),
  ...DELEGATION_TOOL_NAMES.map((name) => [`builtin:${name}`, delegationDescriptor(name)] as const),
]);
const KNOWN_BUILTIN_IDS = new Set<string>([...BUILTIN_BY_ID.keys(), ...Object.values(DELEGATION_TOOL_IDS)]);

/** The builtin descriptors (treat as read-only). */
export const builtinDescriptorLookup: DescriptorLookup = (toolId) => BUILTIN_BY_ID.get(toolId);

/** The catalog validation uses: which builtin ids exist and their descriptors. */
export interface ProfileToolCatalog {
  isKnownBuiltin(toolId: string): boolean;
  descriptor: DescriptorLookup;
}

/** The server's catalog: 14 builtin descriptors + the delegation ids. */
export const DEFAULT_PROFILE_TOOL_CATALOG: ProfileToolCatalog = {
  isKnownBuiltin: (toolId) => KNOWN_BUILTIN_IDS.has(toolId),
  descriptor: builtinDescriptorLookup,
};

/** How a tool key is classified. */
export type ToolKeyKind = "builtin" | "mcp" | "wildcard" | "unknown";

/** Classifies one key of allow/deny/toolDescriptions/maxCallsPerTool. */
export function classifyToolKey(key: string, catalog: ProfileToolCatalog = DEFAULT_PROFILE_TOOL_CATALOG): ToolKeyKind {
  if (key === MCP_WILDCARD) return "wildcard";
  if (catalog.isKnownBuiltin(key)) return "builtin";
  if (isMcpToolId(key)) return "mcp";
  return "unknown";
}
