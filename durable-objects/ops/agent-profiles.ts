/** Agent Profile operations (issue [agent-profiles]; docs/spec/profiles.md, docs/spec/agent-runtime.md §9 `profiles.*`, `tools.list`). */
import { agentProfileDiagnostics, agentProfileServices } from "../../src/composition/agent-profiles";
import { builtinAgentToolSpecs } from "../../src/domain/profiles/agent-tool-specs";
import { defineOps } from "./registry";

export const agentProfileOps = defineOps({
  "profiles.list": (space, _input) => agentProfileServices(space).list(),
  "profiles.load": (space, input) => agentProfileServices(space).load(input.profileId),
  "profiles.save": (space, input) => ({
    profile: agentProfileServices(space).save(input.profile, input.profileId),
  }),
  "profiles.delete": (space, input) => agentProfileServices(space).delete(input.profileId),
  "profiles.repair": (space, input) => agentProfileServices(space).repair(input.profileId, input.action),
  "profiles.diagnose": (space, input) => agentProfileDiagnostics(space).diagnose(input.profileId),
  "profiles.import": (space, input) =>
    agentProfileServices(space).import(input.profile, { overwrite: input.overwrite }),
  "profiles.export": (space, input) => agentProfileServices(space).export(input.profileId),
  "agent.tools.list": (_space, _input) => ({ tools: builtinAgentToolSpecs() }),
});
