/**
 * Projection of a validated v3 profile onto the agent loop's ResolvedAgentProfile
 * (src/domain/agent/loop/profile.ts; docs/spec/profiles.md "Each run freezes the resolved profile
 * to input/resolved_profile.json; the runtime consumes only the resolved copy").
 * - `toResolvedAgentProfile(definition, source)` — the loop's view of a v3 document;
 * - `readFrozenProfile(raw)` — the loop's view of a run's frozen document: parsed strictly as v3
 *   (`parseProfileDocument`; a frozen profile is never migrated, so a v1/v2 or malformed copy
 *   throws its profile code, e.g. `agent.profile_schema_unsupported`, `agent.profile_contract_invalid`);
 * - `profileSource(id)` — `builtin` for `default-writer`, else `user`.
 */
import type { ResolvedAgentProfile } from "../agent/loop/profile";
import { normalizeWorkspacePath } from "../workspace/paths";
import { DEFAULT_WRITER_ID } from "./default-writer";
import type { AgentProfileDefinition } from "./definition";
import { parseProfileDocument } from "./parse";

/** `builtin` for the built-in default-writer, `user` for stored profiles. */
export function profileSource(profileId: string): "builtin" | "user" {
  return profileId === DEFAULT_WRITER_ID ? "builtin" : "user";
}

/** The loop's view of a run's frozen v3 document (see file docstring). */
export function readFrozenProfile(raw: unknown): ResolvedAgentProfile {
  const definition = parseProfileDocument(raw);
  return toResolvedAgentProfile(definition, profileSource(definition.id));
}

/** The loop's view of `profile`; `source` is `builtin` for default-writer. */
export function toResolvedAgentProfile(
  profile: AgentProfileDefinition,
  source: "builtin" | "user",
): ResolvedAgentProfile {
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
    delegation: p.delegation,
    ...(p.description ? { description: p.description } : {}),
  };
}
