/**
 * Projection of a validated v3 profile onto the agent loop's ResolvedAgentProfile
 * (src/domain/agent/loop/profile.ts; contracts.md §3.14 "Each run freezes the resolved profile").
 */
import type { ResolvedAgentProfile } from "../agent/loop/profile";
import { normalizeWorkspacePath } from "../workspace/paths";
import type { AgentProfileDefinition } from "./definition";

/** The loop's view of `profile`; `source` is `builtin` for default-writer. */
export function toResolvedAgentProfile(profile: AgentProfileDefinition, source: "builtin" | "user"): ResolvedAgentProfile {
  const p = structuredClone(profile);
  const body = p.output.artifacts.find((artifact) => artifact.target === "messageBody");
  return {
    id: p.id,
    displayName: p.displayName,
    source,
    presentation: p.run.presentation,
    modelRetry: p.run.modelRetry,
    model: p.model,
    tools: {
      allow: p.tools.allow,
      deny: p.tools.deny,
      toolDescriptions: p.tools.toolDescriptions,
      maxCallsPerRun: p.tools.maxCallsPerRun,
      maxCallsPerTool: p.tools.maxCallsPerTool,
      maxRounds: p.tools.maxRounds,
      mcpResultInlineCharLimit: p.tools.mcpResultInlineCharLimit,
    },
    workspace: p.workspace,
    messageBodyPath: body ? normalizeWorkspacePath(body.path) : "output/main.md",
    agentSystemPrompt: p.instructions.agentSystemPrompt,
  };
}
