/**
 * `GET /api/v1/mcp/model-tools[?profileId=]` (docs/api.md): what a model would be offered.
 * - without a profile: chat generation (docs/spec/generation.md §2/docs/spec/tool-system.md §4.1): every permitted MCP tool in
 *   binding order with docs/spec/tool-system.md §4.1 aliases; description = description || title || native name;
 * - with a profile: the agent snapshot that profile would get now (builtin + MCP, docs/spec/tool-system.md §4.2 aliases,
 *   profile descriptions applied); description = the descriptor's description or null.
 * Unknown profile → AppError `agent.profile_not_found` (404).
 */
import { AppError } from "../../domain/errors";
import { allocateLegacyAliases } from "../../domain/tools/model-aliases";
import type { ToolId } from "../../domain/tools/tool-id";
import type { ProfileToolPolicySource } from "../../ports/profile-tool-policies";
import type { ModelToolView, ModelToolsView } from "../../contracts/mcp-views";
import { prepareInvocationTools } from "./invocation-tools";
import type { ModelToolResolver } from "./model-tool-resolver";

export type { ModelToolView, ModelToolsView };

/**
 * Chat-generation tools for one round (docs/spec/tool-system.md §4.1): `localToolNames` are the round's own tools, which keep
 * their names (MCP aliases avoid them).
 */
export async function chatGenerationModelTools(
  resolver: ModelToolResolver,
  localToolNames: Iterable<string> = [],
): Promise<ModelToolsView> {
  const { tools, diagnostics } = await resolver.listPermitted();
  const aliases = allocateLegacyAliases(
    tools.map((tool) => ({ serverDisplayName: tool.serverDisplayName, nativeName: nativeNameOf(tool.descriptor.id) })),
    new Set(localToolNames),
  );
  return {
    tools: tools.map((tool, index) => ({
      toolId: tool.descriptor.id,
      alias: aliases[index]!,
      description: tool.descriptor.description || tool.descriptor.title || nativeNameOf(tool.descriptor.id),
      inputSchema: tool.descriptor.inputSchema,
    })),
    diagnostics,
  };
}

/** The view for `GET /mcp/model-tools`; see the file docstring. */
export async function modelToolsView(
  resolver: ModelToolResolver,
  profiles: ProfileToolPolicySource,
  profileId?: string,
): Promise<ModelToolsView> {
  if (profileId === undefined) return chatGenerationModelTools(resolver);
  const policy = await profiles.toolPolicy(profileId);
  if (!policy)
    throw new AppError("agent.profile_not_found", `There is no agent profile "${profileId}".`, { profileId });
  const { snapshot, diagnostics } = await prepareInvocationTools(resolver, policy, "preview");
  return {
    tools: snapshot.bindings.map((binding) => ({
      toolId: binding.descriptor.id,
      alias: binding.modelAlias,
      description: binding.descriptor.description ?? null,
      inputSchema: binding.descriptor.inputSchema,
    })),
    diagnostics,
  };
}

function nativeNameOf(toolId: ToolId): string {
  return toolId.slice(toolId.indexOf(":") + 1);
}
