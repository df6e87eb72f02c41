/**
 * The profile the agent-loop pool tests run under (was src/domain/agent/loop/default-profile.ts):
 * the built-in `default-writer` v3 document (src/domain/profiles/default-writer.ts) with the
 * allow list the loop tests were written against — the builtin tools the loop dispatches except
 * `dice.roll`, then `mcp:*` — and a fake `RunProfileResolver` serving it (model binding as
 * [agent-profiles]' resolveForRun: the request connection, else the user's default).
 */
import { AppError } from "../../src/domain/errors";
import { AVAILABLE_BUILTIN_TOOLS } from "../../src/domain/agent/loop/available-builtins";
import type { AgentProfileDefinition } from "../../src/domain/profiles/definition";
import { defaultWriterDefinition } from "../../src/domain/profiles/default-writer";
import { resolveModelBinding } from "../../src/domain/profiles/model-binding";
import { profileSource, toResolvedAgentProfile } from "../../src/domain/profiles/resolved";
import { MCP_WILDCARD } from "../../src/domain/tools/snapshot-compiler";
import type { RunProfileResolver } from "../../src/ports/agent-profile-resolver";

/** A fresh copy of the loop tests' default-writer (strict v3). */
export function loopTestProfile(): AgentProfileDefinition {
  const definition = defaultWriterDefinition();
  definition.tools.allow = [
    ...AVAILABLE_BUILTIN_TOOLS.filter((name) => name !== "dice.roll").map((name) => `builtin:${name}`),
    MCP_WILDCARD,
  ];
  return definition;
}

/** Serves `definition` for its id and for an omitted id; any other id → `agent.profile_not_found`. */
export function fixedProfileResolver(definition: AgentProfileDefinition): RunProfileResolver {
  return {
    resolveForRun: async (profileId, requestConnectionId) => {
      if (profileId !== undefined && profileId !== definition.id)
        throw new AppError("agent.profile_not_found", `No Agent profile with id "${profileId}".`, { profileId });
      const copy = structuredClone(definition);
      return {
        definition: copy,
        profile: toResolvedAgentProfile(copy, profileSource(copy.id)),
        model: resolveModelBinding(copy.id, copy.model, requestConnectionId),
      };
    },
  };
}
