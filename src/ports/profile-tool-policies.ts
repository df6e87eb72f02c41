/**
 * Port: the `tools` part of an Agent Profile, by profile id (docs/spec/profiles.md). Implemented by
 * [agent-profiles]; until then src/composition/tools.ts serves only the built-in `default-writer`
 * (DEFAULT_WRITER_TOOL_POLICY).
 */
import type { ProfileToolPolicy } from "../domain/tools/snapshot-compiler";

export interface ProfileToolPolicySource {
  /** The profile's tool policy, or null when no profile has this id (→ `agent.profile_not_found`). */
  toolPolicy(profileId: string): Promise<ProfileToolPolicy | null>;
}
