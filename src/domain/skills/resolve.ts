/**
 * Effective skills of a run (docs/spec/skills.md "Resolution"): layer the scopes in order
 * (global → preset → profile → character; a later scope's skill replaces a same-name one), then
 * keep the names the profile's `skills.visible` lists (`*` = all) minus `skills.deny` (deny wins,
 * `*` in deny hides everything). Pure.
 */
import { runScopeKeys, type RunSkillScopes } from "./scope";

/** The `skills` section of a profile (§3.14). */
export interface SkillPolicy {
  visible: readonly string[];
  deny?: readonly string[];
  maxReadCharsPerCall: number;
  maxReadCharsPerRun: number;
}

/** An installed skill as resolution needs it. */
export interface ScopedSkill {
  scope: string;
  name: string;
}

/** Why a name is not usable: not installed in any of the run's scopes, or hidden by the policy. */
export type SkillVisibility = "visible" | "not_found" | "not_visible" | "denied";

/** True when the policy lets the model see `name`. */
export function policyAllows(policy: Pick<SkillPolicy, "visible" | "deny">, name: string): SkillVisibility {
  const deny = policy.deny ?? [];
  if (deny.includes("*") || deny.includes(name)) return "denied";
  if (policy.visible.includes("*") || policy.visible.includes(name)) return "visible";
  return "not_visible";
}

/**
 * Layers `installed` (skills of any scopes) for the run's scopes.
 * @returns name → the winning skill, in name order.
 */
export function layerScopes<T extends ScopedSkill>(installed: readonly T[], refs: RunSkillScopes): Map<string, T> {
  const order = runScopeKeys(refs);
  const winners = new Map<string, T>();
  for (const key of order) for (const skill of installed) if (skill.scope === key) winners.set(skill.name, skill);
  return new Map([...winners.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The skills the model may use: layered, then filtered by the policy. */
export function effectiveSkills<T extends ScopedSkill>(
  installed: readonly T[],
  refs: RunSkillScopes,
  policy: Pick<SkillPolicy, "visible" | "deny">,
): T[] {
  return [...layerScopes(installed, refs).values()].filter((s) => policyAllows(policy, s.name) === "visible");
}
