/**
 * Diagnose: whether another agent can use a profile as a sub-agent or hand a run over to it, and
 * the note explaining each "no" (src/domain/profiles/delegation-health.ts, ADR 2630), through
 * profileHealth as GET /agent/profiles/:id/diagnose answers it.
 */
import { describe, expect, it } from "vitest";
import { profileHealthSchema } from "../../../src/contracts/profile-views";
import { defaultWriterDefinition } from "../../../src/domain/profiles/default-writer";
import type { AgentProfileDefinition, ProfileDelegation } from "../../../src/domain/profiles/definition";
import { profileHealth } from "../../../src/domain/profiles/health";

const profile = (delegation: Partial<ProfileDelegation>, extra: Partial<AgentProfileDefinition> = {}) => {
  const base = defaultWriterDefinition();
  return { ...base, id: "researcher", ...extra, delegation: { ...base.delegation, ...delegation } };
};
const reasons = (p: AgentProfileDefinition, connection: "ok" | "missing" = "ok") =>
  profileHealth(p, connection).delegationNotes.map((n) => [n.reason, n.roles, n.path]);

describe("delegation target health", () => {
  it("a profile that is not callable is neither a sub-agent nor a handoff target, for one reason", () => {
    const health = profileHealth(profile({}));
    expect(health).toMatchObject({ subAgentAvailable: false, handoffTargetAvailable: false });
    expect(reasons(profile({}))).toEqual([["notCallable", ["subAgent", "handoffTarget"], "$.delegation.callable"]]);
    expect(profileHealthSchema.parse(health)).toEqual(health);
  });

  it("callable as a sub-agent only: the missing handoff permission is named with its field", () => {
    const p = profile({ callable: true, allowAsSubagent: true });
    expect(profileHealth(p)).toMatchObject({ subAgentAvailable: true, handoffTargetAvailable: false });
    expect(reasons(p)).toEqual([["notHandoffTarget", ["handoffTarget"], "$.delegation.allowAsHandoffTarget"]]);
  });

  it("callable as a handoff target only: the missing sub-agent permission is named", () => {
    const p = profile({ callable: true, allowAsHandoffTarget: true });
    expect(profileHealth(p)).toMatchObject({ subAgentAvailable: false, handoffTargetAvailable: true });
    expect(reasons(p)).toEqual([["notSubagent", ["subAgent"], "$.delegation.allowAsSubagent"]]);
  });

  it("both roles with everyone as caller: available, no note", () => {
    const p = profile({ callable: true, allowAsSubagent: true, allowAsHandoffTarget: true });
    expect(profileHealth(p)).toMatchObject({
      subAgentAvailable: true,
      handoffTargetAvailable: true,
      delegationNotes: [],
    });
  });

  it("a narrowed caller list stays available and lists who may call", () => {
    const p = profile({ callable: true, allowAsSubagent: true, allowedCallers: ["writer", "editor"] });
    const health = profileHealth(p);
    expect(health.subAgentAvailable).toBe(true);
    expect(health.delegationNotes).toEqual([
      expect.objectContaining({ reason: "notHandoffTarget" }),
      expect.objectContaining({ reason: "callersLimited", roles: ["subAgent"], callers: ["writer", "editor"] }),
    ]);
  });

  it("a missing model connection blocks both roles and points at the connection field", () => {
    const p = profile(
      { callable: true, allowAsSubagent: true, allowAsHandoffTarget: true },
      { model: { mode: "connectionRef", connectionRef: "conn_gone", modelId: "m" } },
    );
    expect(profileHealth(p, "missing")).toMatchObject({ subAgentAvailable: false, handoffTargetAvailable: false });
    expect(reasons(p, "missing")).toEqual([
      ["blockedByProblem", ["subAgent", "handoffTarget"], "$.model.connectionRef"],
    ]);
    // Not allowed at all: the missing permission is the reason, not the model.
    expect(reasons(profile({}, { model: p.model }), "missing")).toEqual([
      ["notCallable", ["subAgent", "handoffTarget"], "$.delegation.callable"],
    ]);
  });
});
