/**
 * Profile resolution for the tool system and the agent loop (docs/spec/profiles.md):
 * - `toolPolicy(profileId)` — ProfileToolPolicySource (src/ports/profile-tool-policies.ts);
 * - `resolve(profileId)` — AgentProfileResolver (src/ports/agent-profile-resolver.ts);
 * - `resolveForRun(profileId?, requestConnectionId?)` — what a run start should call: the profile
 *   (default-writer when omitted), the strict v3 document to freeze into the run (never migrated
 *   afterwards; read it back with `parseProfileDocument`), the loop's projection and the model
 *   binding target (RunProfileResolver, same port file). Errors: `agent.profile_not_found`, the
 *   stored profile's validation code, `agent.profile_not_direct_runnable` (hosted: directRunnable false profiles only run as
 *   subagents), `agent.profile_model_requires_configuration`.
 * All three return deep copies; nothing is cached beyond SQLite.
 */
import type { ResolvedAgentProfile } from "../../domain/agent/loop/profile";
import { AppError } from "../../domain/errors";
import { DEFAULT_WRITER_ID } from "../../domain/profiles/default-writer";
import { resolveModelBinding } from "../../domain/profiles/model-binding";
import { profileSource, toResolvedAgentProfile } from "../../domain/profiles/resolved";
import type { ProfileToolPolicy } from "../../domain/tools/snapshot-compiler";
import type {
  AgentProfileResolver,
  DelegationTargets,
  RunProfile,
  RunProfileResolver,
  TargetProfile,
} from "../../ports/agent-profile-resolver";
import type { ProfileToolPolicySource } from "../../ports/profile-tool-policies";
import type { AgentProfileService } from "./profile-service";

export type { RunProfile };

export class AgentProfileRuntime
  implements ProfileToolPolicySource, AgentProfileResolver, RunProfileResolver, DelegationTargets
{
  constructor(private readonly profiles: AgentProfileService) {}

  /** The `tools` part as a ProfileToolPolicy, or null for an unknown id. */
  async toolPolicy(profileId: string): Promise<ProfileToolPolicy | null> {
    const profile = this.profiles.find(profileId);
    if (!profile) return null;
    const { allow, deny, toolDescriptions, maxCallsPerRun, maxCallsPerTool } = profile.tools;
    return structuredClone({ allow, deny, toolDescriptions, maxCallsPerRun, maxCallsPerTool });
  }

  /** The loop's ResolvedAgentProfile, or null for an unknown id. */
  async resolve(profileId: string): Promise<ResolvedAgentProfile | null> {
    const profile = this.profiles.find(profileId);
    return profile ? toResolvedAgentProfile(profile, profileSource(profile.id)) : null;
  }

  /** A delegation target (docs/spec/agent-delegation.md §2): any stored profile, runnable directly or not. */
  target(profileId: string): TargetProfile | null {
    const definition = this.profiles.find(profileId);
    return definition
      ? { definition, profile: toResolvedAgentProfile(definition, profileSource(definition.id)) }
      : null;
  }

  /** Every readable profile (agent.list). */
  all(): ResolvedAgentProfile[] {
    const out: ResolvedAgentProfile[] = [];
    for (const summary of this.profiles.list().profiles) {
      const found = this.target(summary.id);
      if (found) out.push(found.profile);
    }
    return out;
  }

  /** Resolution for a root run (see file docstring). */
  async resolveForRun(profileId: string | undefined, requestConnectionId?: string): Promise<RunProfile> {
    const definition = this.profiles.require(profileId ?? DEFAULT_WRITER_ID);
    if (!definition.run.directRunnable) {
      throw new AppError(
        "agent.profile_not_direct_runnable",
        `Profile "${definition.id}" can only run as a subagent or handoff target, not directly.`,
        { profileId: definition.id },
      );
    }
    const model = resolveModelBinding(definition.id, definition.model, requestConnectionId);
    return { definition, profile: toResolvedAgentProfile(definition, profileSource(definition.id)), model };
  }
}
