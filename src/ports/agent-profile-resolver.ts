/**
 * Ports: Agent Profile resolution (docs/spec/profiles.md; implemented by [agent-profiles]'
 * AgentProfileRuntime, src/application/profiles/profile-resolver.ts, composed in
 * src/composition/agent-profiles.ts `agentProfileRuntime(space)`).
 *
 * - `RunProfileResolver.resolveForRun` is what a run start uses: it returns the strict v3 document
 *   the run freezes to `input/resolved_profile.json` (every later step reads only that copy, with
 *   `parseProfileDocument` + `toResolvedAgentProfile`; a frozen profile is never migrated), the
 *   loop's projection of it and the model binding target.
 * - `AgentProfileResolver.resolve` gives the projection of the current stored profile by id.
 */
import type { ResolvedAgentProfile } from "../domain/agent/loop/profile";
import type { AgentProfileDefinition } from "../domain/profiles/definition";
import type { ModelBindingTarget } from "../domain/profiles/model-binding";

export type { ResolvedAgentProfile };

/** What a run freezes and uses. */
export interface RunProfile {
  /** Strict v3 document for `input/resolved_profile.json`. */
  definition: AgentProfileDefinition;
  /** The loop's view of it. */
  profile: ResolvedAgentProfile;
  /** Which connection (undefined = the user's default) and model id override. */
  model: ModelBindingTarget;
}

export interface RunProfileResolver {
  /**
   * The profile for a root run (`default-writer` when `profileId` is undefined) and its model
   * binding (`requestConnectionId` wins over the profile's `connectionRef`).
   * Errors: `agent.profile_not_found` (404), the stored profile's validation code,
   * `agent.profile_not_direct_runnable`, `agent.profile_model_requires_configuration`.
   */
  resolveForRun(profileId: string | undefined, requestConnectionId?: string): Promise<RunProfile>;
}

/** A stored profile as a delegation target (docs/spec/agent-delegation.md §2). */
export interface TargetProfile {
  /** Strict v3 document the child invocation freezes. */
  definition: AgentProfileDefinition;
  profile: ResolvedAgentProfile;
}

/** The profiles agents may delegate to or hand off to (no directRunnable check). */
export interface DelegationTargets {
  /** The profile `profileId` or null when none has this id (an invalid stored one throws its code). */
  target(profileId: string): TargetProfile | null;
  /** default-writer and every readable stored profile, by id (agent.list). */
  all(): ResolvedAgentProfile[];
}

export interface AgentProfileResolver {
  /** The loop's projection of the stored profile `profileId`, or null when no profile has this id. */
  resolve(profileId: string): Promise<ResolvedAgentProfile | null>;
}
