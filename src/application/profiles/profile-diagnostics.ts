/**
 * diagnose(profileId) → AgentProfileHealth (docs/spec/profiles.md; domain rules in
 * src/domain/profiles/health.ts). A stored profile that fails validation is reported as
 * `agent.profile_contract_invalid`, not thrown; an unknown id is `agent.profile_not_found`.
 * For `model.mode = connectionRef` the connection is looked up by id: absent →
 * `agent.profile_model_connection_missing`; key unusable → `agent.profile_model_connection_invalid`.
 */
import { AppError } from "../../domain/errors";
import {
  invalidProfileHealth,
  profileHealth,
  type AgentProfileHealth,
  type ConnectionState,
} from "../../domain/profiles/health";
import type { ProfileConnectionLookup } from "../../ports/agent-profile-repository";
import type { AgentProfileService } from "./profile-service";

export class AgentProfileDiagnostics {
  constructor(
    private readonly profiles: AgentProfileService,
    private readonly connections: ProfileConnectionLookup,
  ) {}

  /** Health of profile `id` (see file docstring). */
  async diagnose(id: string): Promise<AgentProfileHealth> {
    let profile;
    try {
      profile = this.profiles.find(id);
    } catch (error) {
      if (error instanceof AppError) return invalidProfileHealth(id, error);
      throw error;
    }
    if (!profile)
      throw new AppError("agent.profile_not_found", `No agent profile has the id "${id}".`, { profileId: id });
    const state =
      profile.model.mode === "connectionRef" ? await this.connectionState(profile.model.connectionRef ?? "") : "ok";
    return profileHealth(profile, state);
  }

  private async connectionState(connectionId: string): Promise<ConnectionState> {
    try {
      const view = await this.connections.get(connectionId.trim());
      return view.apiKeyUnavailable ? "invalid" : "ok";
    } catch (error) {
      if (error instanceof AppError && error.code === "model.connection_not_found") return "missing";
      throw error;
    }
  }
}
