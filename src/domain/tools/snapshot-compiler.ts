/**
 * Compiles an agent invocation's InvocationToolSnapshot from a profile's tool policy and the
 * cached-only MCP resolution (docs/spec/tool-system.md §1, §3, §4.2; docs/spec/tool-system.md §5).
 *
 * - Binding order follows `tools.allow`; denied entries are skipped; builtin tools not available in
 *   the scope are skipped; MCP entries only when the resolver produced them.
 * - `mcp:*` (hosted extension) expands, at its position, to every resolved MCP tool in resolver
 *   order (server display name case-insensitive, then ToolId). A ToolId listed twice binds once.
 * - Aliases: builtin `.`→`_`; MCP by allocateAgentAlias with every visible builtin alias and
 *   `task_return` reserved first.
 * - The delegation tools (`agent.*`, `task.return`; docs/spec/agent-delegation.md §3) bind like
 *   builtin tools when `availableBuiltins` lists them.
 * - Descriptions: MCP descriptors arrive with the registration override applied (the resolver's own
 *   copies; bound as is unless a profile override applies); the profile's `toolDescriptions[toolId]`
 *   goes on top of a copy (profile wins). A failing profile override drops an MCP
 *   tool with diagnostic `mcp.tool_description_override_invalid`; for a builtin it throws.
 */
import { type ToolDescriptionOverride, type ToolDescriptor, applyDescriptionOverride } from "./descriptor";
import { BUILTIN_TOOLS, TASK_RETURN_ALIAS, builtinDescriptor, isBuiltinToolName } from "./builtin-descriptors";
import { delegationDescriptor, isDelegationToolName } from "./delegation-descriptors";
import { allocateAgentAlias } from "./model-aliases";
import { createInvocationToolSnapshot, type InvocationToolSnapshot, type ToolBinding } from "./snapshot";
import { BUILTIN_PROVIDER_ID, type ToolId } from "./tool-id";
import { AppError } from "../errors";
import type { ErrorCode } from "../errors";

/** The `tools.allow` entry meaning "every MCP tool that is Ask or Allow when the invocation starts". */
export const MCP_WILDCARD = "mcp:*";

/** The tool part of an Agent Profile (docs/spec/profiles.md `tools`), as far as snapshots need it. */
export interface ProfileToolPolicy {
  allow: string[];
  deny?: string[];
  toolDescriptions?: Record<string, ToolDescriptionOverride>;
  /** Per-invocation budget (`maxCallsPerRun` in the profile). */
  maxCallsPerRun: number;
  maxCallsPerTool?: Record<string, number>;
}

/** One model-eligible MCP tool from the cached-only resolver (registration override already applied). */
export interface ResolvedMcpTool {
  registrationId: string;
  serverDisplayName: string;
  permission: "ask" | "allow";
  descriptor: ToolDescriptor;
}

/** A model-tool resolution problem `{toolId?, code, message}` (docs/spec/mcp-platform.md §13). */
export interface ModelToolDiagnostic {
  toolId?: ToolId;
  code: ErrorCode;
  message: string;
}

/** Input of compileInvocationToolSnapshot. `availableBuiltins` defaults to all 14 builtin names. */
export interface SnapshotCompileInput {
  snapshotId: string;
  policy: ProfileToolPolicy;
  mcpTools: ReadonlyArray<ResolvedMcpTool>;
  availableBuiltins?: ReadonlySet<string>;
}

/** Compiled snapshot and the diagnostics of MCP tools dropped while compiling. */
export interface CompiledToolSnapshot {
  snapshot: InvocationToolSnapshot;
  diagnostics: ModelToolDiagnostic[];
}

/** Builds the snapshot (see file docstring). Throws the createInvocationToolSnapshot codes. */
export function compileInvocationToolSnapshot(input: SnapshotCompileInput): CompiledToolSnapshot {
  const { policy } = input;
  const denied = new Set(policy.deny ?? []);
  const available = input.availableBuiltins ?? new Set(BUILTIN_TOOLS.map((tool) => tool.name));
  const builtinName = (entry: string): string | undefined => {
    if (!entry.startsWith(`${BUILTIN_PROVIDER_ID}:`)) return undefined;
    const name = entry.slice(BUILTIN_PROVIDER_ID.length + 1);
    return (isBuiltinToolName(name) || isDelegationToolName(name)) && available.has(name) ? name : undefined;
  };
  const used = new Set<string>([TASK_RETURN_ALIAS]);
  for (const entry of policy.allow) {
    const name = builtinName(entry);
    if (name && !denied.has(entry)) used.add(name.replaceAll(".", "_"));
  }
  const mcpById = new Map(input.mcpTools.map((tool) => [tool.descriptor.id, tool]));
  const bindings: ToolBinding[] = [];
  const bound = new Set<ToolId>();
  const diagnostics: ModelToolDiagnostic[] = [];
  const maxCalls = (toolId: ToolId) => policy.maxCallsPerTool?.[toolId];

  const bindMcp = (tool: ResolvedMcpTool) => {
    const toolId = tool.descriptor.id;
    if (bound.has(toolId) || denied.has(toolId)) return;
    bound.add(toolId);
    const override = policy.toolDescriptions?.[toolId];
    let descriptor: ToolDescriptor = tool.descriptor;
    try {
      if (override) descriptor = applyDescriptionOverride(tool.descriptor, override);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      diagnostics.push({
        toolId,
        code: "mcp.tool_description_override_invalid",
        message: `The profile's description override of ${toolId} does not apply: ${error.message}`,
      });
      return;
    }
    const limit = maxCalls(toolId);
    bindings.push({
      descriptor,
      modelAlias: allocateAgentAlias(
        { serverDisplayName: tool.serverDisplayName, nativeName: nativeNameOf(toolId) },
        used,
      ),
      ...(limit !== undefined ? { maxCalls: limit } : {}),
    });
  };

  for (const entry of policy.allow) {
    if (entry === MCP_WILDCARD) {
      if (!denied.has(MCP_WILDCARD)) for (const tool of input.mcpTools) bindMcp(tool);
      continue;
    }
    if (denied.has(entry) || bound.has(entry)) continue;
    const name = builtinName(entry);
    if (name) {
      bound.add(entry);
      const base = isDelegationToolName(name) ? delegationDescriptor(name) : builtinDescriptor(name);
      const descriptor = applyDescriptionOverride(base, policy.toolDescriptions?.[entry]);
      const limit = maxCalls(entry);
      bindings.push({
        descriptor,
        modelAlias: name.replaceAll(".", "_"),
        ...(limit !== undefined ? { maxCalls: limit } : {}),
      });
      continue;
    }
    const tool = mcpById.get(entry);
    if (tool) bindMcp(tool);
  }
  return { snapshot: createInvocationToolSnapshot(input.snapshotId, bindings, policy.maxCallsPerRun), diagnostics };
}

function nativeNameOf(toolId: ToolId): string {
  return toolId.slice(toolId.indexOf(":") + 1);
}
