/** Agent Profile operations (issue [agent-profiles]; docs/spec/profiles.md, docs/spec/agent-runtime.md §9 `profiles.*`, `tools.list`). */
import { agentProfileDiagnostics, agentProfileServices } from "../../src/composition/agent-profiles";
import { builtinAgentToolSpecs } from "../../src/domain/profiles/agent-tool-specs";
import { defineOps } from "./registry";

export const agentProfileOps = defineOps({
  "profiles.list": (space, _input: Record<string, never>) => agentProfileServices(space).list(),
  "profiles.load": (space, input: { profileId: string }) => agentProfileServices(space).load(input.profileId),
  "profiles.save": (space, input: { profile: Record<string, unknown>; profileId?: string }) => ({
    profile: agentProfileServices(space).save(input.profile, input.profileId),
  }),
  "profiles.delete": (space, input: { profileId: string }) => agentProfileServices(space).delete(input.profileId),
  "profiles.repair": (space, input: { profileId: string; action: "delete" | "normalizeIdentity" }) =>
    agentProfileServices(space).repair(input.profileId, input.action),
  "profiles.diagnose": (space, input: { profileId: string }) =>
    agentProfileDiagnostics(space).diagnose(input.profileId),
  "profiles.import": (space, input: { profile: Record<string, unknown>; overwrite?: boolean }) =>
    agentProfileServices(space).import(input.profile, { overwrite: input.overwrite }),
  "profiles.export": (space, input: { profileId: string }) => agentProfileServices(space).export(input.profileId),
  "agent.tools.list": (_space, _input: Record<string, never>) => ({ tools: builtinAgentToolSpecs() }),
});
