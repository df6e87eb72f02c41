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
import type { ModelToolResolution, ModelToolResolver } from "./model-tool-resolver";

export type { ModelToolView, ModelToolsView };

/**
 * Chat-generation tools for one round (docs/spec/tool-system.md §4.1): `localToolNames` are the round's own tools, which keep
 * their names (MCP aliases avoid them).
 */
export async function chatGenerationModelTools(
  resolver: Pick<ModelToolResolver, "listPermitted">,
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

const answers = new WeakMap<ModelToolResolution, string>();

/**
 * The JSON text of `modelToolsView` (what `GET /mcp/model-tools` sends). Without a profile the text
 * is memoized per resolution object: the resolver answers the same frozen resolution while no
 * registration or catalog changed (docs/decisions/3100), so an unchanged listing of thousands of
 * tools is neither re-projected nor re-serialized, and crosses the Worker → object hop as one string.
 * Errors: those of modelToolsView.
 */
export async function modelToolsJson(
  resolver: ModelToolResolver,
  profiles: ProfileToolPolicySource,
  profileId?: string,
): Promise<string> {
  if (profileId !== undefined) return JSON.stringify(await modelToolsView(resolver, profiles, profileId));
  const resolution = await resolver.listPermitted();
  let text = answers.get(resolution);
  if (text === undefined) {
    text = JSON.stringify(await chatGenerationModelTools({ listPermitted: async () => resolution }));
    answers.set(resolution, text);
  }
  return text;
}

function nativeNameOf(toolId: ToolId): string {
  return toolId.slice(toolId.indexOf(":") + 1);
}
