/**
 * Port: resolves an Agent Profile for a run (contracts.md §3.14). Until [agent-profiles] plugs
 * its ProfileService in (src/composition/agent-loop.ts `profileResolver`), only the built-in
 * `default-writer` exists (src/domain/agent/loop/default-profile.ts).
 */
import type { ResolvedAgentProfile } from "../domain/agent/loop/profile";

export type { ResolvedAgentProfile };

export interface AgentProfileResolver {
  /** The profile frozen for a run, or null when no profile has this id (→ `agent.profile_not_found`). */
  resolve(profileId: string): Promise<ResolvedAgentProfile | null>;
}
