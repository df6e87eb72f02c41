/**
 * The loop's side of the skill tools (docs/spec/skills.md "Agent tools"): builds the
 * SkillToolContext of a run — its scopes (frozen `skillScopeRefs`: the skill set named by the
 * run request, else the frozen profile's `preset.ref.name` when `preset.mode` is `ref`, the
 * profile, the character id) and the frozen profile's `skills` policy — and dispatches
 * `skill.list` / `skill.search` / `skill.read`.
 */
import type { Args } from "../../../../domain/agent/loop/builtin-args";
import type { ToolOk } from "../../../../domain/agent/loop/worldinfo";
import type { AgentRunRecord } from "../../../../domain/agent/run-record";
import type { AgentProfileDefinition } from "../../../../domain/profiles/definition";
import { parseProfileDocument } from "../../../../domain/profiles/parse";
import type { RunSkillScopes } from "../../../../domain/skills/scope";
import { type SkillToolContext, skillList, skillRead, skillSearch } from "../../../skills/agent-tools";
import { RESOLVED_PROFILE_DOC, type StepContext } from "../context";

/** The run's scopes: request refs first, then the profile's preset reference. */
export function runSkillScopes(
  run: Pick<AgentRunRecord, "skillScopeRefs">,
  profile: AgentProfileDefinition,
): RunSkillScopes {
  const refs = run.skillScopeRefs ?? {};
  const preset = refs.preset?.name ?? (profile.preset.mode === "ref" ? profile.preset.ref?.name : undefined);
  return {
    profileId: profile.id,
    ...(preset ? { preset } : {}),
    ...(refs.characterId ? { characterId: refs.characterId } : {}),
  };
}

function toolContext(ctx: StepContext): SkillToolContext {
  const profile = parseProfileDocument(JSON.parse(ctx.requireDoc(RESOLVED_PROFILE_DOC)));
  return {
    repo: ctx.deps.skills.repo,
    blobs: ctx.deps.skills.blobs,
    runId: ctx.runId,
    scopes: runSkillScopes(ctx.run, profile),
    policy: profile.skills,
  };
}

/** Runs one skill tool; returns null for a name that is not a skill tool. */
export function runSkillTool(ctx: StepContext, name: string, args: Args): ToolOk | null {
  switch (name) {
    case "skill.list":
      return skillList(toolContext(ctx), args);
    case "skill.search":
      return skillSearch(toolContext(ctx), args);
    case "skill.read":
      return skillRead(toolContext(ctx), args);
    default:
      return null;
  }
}
