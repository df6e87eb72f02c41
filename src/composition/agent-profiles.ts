/**
 * Composition: Agent Profiles of a user's space (issue [agent-profiles]).
 * - `agentProfileServices(space)` → AgentProfileService (list/load/save/delete/import/export).
 * - `agentProfileDiagnostics(space)` → diagnose (looks connections up in [model-gateway]'s service).
 * - `agentProfileRuntime(space)` → ProfileToolPolicySource + AgentProfileResolver +
 *   `resolveForRun(profileId?, connectionId?)` for the agent loop.
 */
import { SqlAgentProfileStore } from "../adapters/storage/agent-profile-store";
import { AgentProfileDiagnostics } from "../application/profiles/profile-diagnostics";
import { AgentProfileRuntime } from "../application/profiles/profile-resolver";
import { AgentProfileService } from "../application/profiles/profile-service";
import type { Space } from "../ports/space";
import { modelServices } from "./models";

export function agentProfileServices(space: Space): AgentProfileService {
  return space.memo(
    "agent-profiles",
    () => new AgentProfileService(new SqlAgentProfileStore(space.sql), space.clock, space.sockets),
  );
}

export function agentProfileDiagnostics(space: Space): AgentProfileDiagnostics {
  return space.memo(
    "agent-profiles.diagnostics",
    () => new AgentProfileDiagnostics(agentProfileServices(space), modelServices(space)),
  );
}

export function agentProfileRuntime(space: Space): AgentProfileRuntime {
  return space.memo("agent-profiles.runtime", () => new AgentProfileRuntime(agentProfileServices(space)));
}
