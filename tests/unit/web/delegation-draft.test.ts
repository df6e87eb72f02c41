/**
 * The profile editor's delegation fields (web/src/profiles/delegation-draft.ts, profile-draft.ts):
 * the flags and limits read from a document and written back where the server's strict reader
 * wants them; a limit typed wrong reaches the server as typed so it answers with its code at the
 * field's path, shown under that field (FieldError.refusalAt); switching delegate / hand over adds
 * and removes the agent.* tools so the saved profile passes the tool rules.
 */
import { describe, expect, it } from "vitest";
import { AppError } from "../../../src/domain/errors";
import { defaultWriterDefinition } from "../../../src/domain/profiles/default-writer";
import { readProfile } from "../../../src/domain/profiles/validate";
import { DELEGATION_DEFAULTS, DELEGATION_LIMIT_RANGES } from "../../../src/domain/profiles/definition";
import {
  firstLimitProblem,
  limitProblem,
  readDelegation,
  toolsForDelegation,
  writeDelegation,
} from "../../../web/src/profiles/delegation-draft";
import { refusalAt } from "../../../web/src/profiles/FieldError";
import { composeProfile, copyDocument, splitProfile } from "../../../web/src/profiles/profile-draft";
import type { ProfileDocument } from "../../../web/src/profiles/types";

const mine = () => copyDocument(defaultWriterDefinition() as unknown as ProfileDocument, "researcher", "Researcher");

/** What the server answers for `doc`: null when it is valid, else its code and details.path. */
function serverRefusal(doc: ProfileDocument): { code: string; message: string; details: unknown } | null {
  try {
    readProfile(doc);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, message: error.message, details: error.details };
  }
}

describe("delegation fields", () => {
  it("reads default-writer's delegation block and writes the same block back", () => {
    const doc = mine();
    const form = splitProfile(doc).form.delegation;
    expect(form).toMatchObject({
      canDelegate: false,
      callable: false,
      allowedCallers: ["*"],
      maxConcurrentInvocations: "3",
      maxInvocationsPerRun: "8",
      resultBudgetTokens: "8000",
      maxHandoffDepth: "8",
      directRunnable: true,
    });
    expect(writeDelegation(form)).toEqual(doc.delegation);
  });

  it("a sub-agent-only researcher composes into a profile the server accepts", () => {
    const doc = mine();
    const draft = splitProfile(doc);
    const delegation = {
      ...draft.form.delegation,
      callable: true,
      allowAsSubagent: true,
      allowedCallers: ["writer"],
      descriptionForAgents: "Finds facts about the story's world.",
      resultBudgetTokens: " 2000 ",
      directRunnable: false,
    };
    const composed = composeProfile(doc, {
      ...draft,
      form: { ...draft.form, presentation: "background", delegation },
    });
    const profile = readProfile(composed);
    expect(profile.run.directRunnable).toBe(false);
    expect(profile.delegation).toMatchObject({
      callable: true,
      allowAsSubagent: true,
      allowAsHandoffTarget: false,
      allowedCallers: ["writer"],
      descriptionForAgents: "Finds facts about the story's world.",
      resultBudgetTokens: 2000,
    });
  });

  it("each wrong limit is refused by the server at its own field, and only that field shows it", () => {
    const cases = [
      ["maxConcurrentInvocations", "0", "agent.profile_delegation_concurrency_invalid"],
      ["maxInvocationsPerRun", "-1", "agent.profile_delegation_run_budget_invalid"],
      ["resultBudgetTokens", "0", "agent.profile_delegation_result_budget_invalid"],
      ["maxHandoffDepth", "0", "agent.profile_handoff_depth_invalid"],
    ] as const;
    for (const [field, typed, code] of cases) {
      const doc = mine();
      const draft = splitProfile(doc);
      const composed = composeProfile(doc, {
        ...draft,
        form: { ...draft.form, delegation: { ...draft.form.delegation, [field]: typed } },
      });
      const refusal = serverRefusal(composed);
      expect(refusal?.code).toBe(code);
      expect(refusalAt(refusal, [`$.delegation.${field}`])).toBe(refusal);
      const others = cases.map((c) => c[0]).filter((f) => f !== field);
      for (const other of others) expect(refusalAt(refusal, [`$.delegation.${other}`])).toBeNull();
    }
  });

  it("text in a limit is sent as typed, an empty limit takes the server's default, a blank description is left out", () => {
    const form = { ...readDelegation({}, {}), maxConcurrentInvocations: "three", maxHandoffDepth: "" };
    const block = writeDelegation({ ...form, descriptionForAgents: "   " });
    expect(block.maxConcurrentInvocations).toBe("three");
    expect(block).not.toHaveProperty("maxHandoffDepth");
    expect(block).not.toHaveProperty("descriptionForAgents");
    const withDefault = { ...mine(), delegation: writeDelegation({ ...readDelegation({}, {}) }) };
    expect(readProfile(withDefault).delegation.maxHandoffDepth).toBe(8);
  });

  it("a caller id that is not a profile id is refused at its place in the list, shown under the callers", () => {
    const doc = mine();
    const draft = splitProfile(doc);
    const delegation = { ...draft.form.delegation, callable: true, allowAsSubagent: true, allowedCallers: ["Bad Id"] };
    const refusal = serverRefusal(composeProfile(doc, { ...draft, form: { ...draft.form, delegation } }));
    expect(refusal).toMatchObject({
      code: "agent.profile_id_invalid",
      details: { path: "$.delegation.allowedCallers[0]" },
    });
    expect(refusalAt(refusal, ["$.delegation.allowedCallers"])).toBe(refusal);
    expect(refusalAt(refusal, ["$.delegation.allowAsSubagent"])).toBeNull();
  });

  it("switching delegate and hand over adds and removes the agent tools; the result validates", () => {
    const base = ["builtin:workspace.finish", "mcp:*"];
    const delegating = toolsForDelegation(base, true, false);
    expect(delegating).toEqual([...base, "builtin:agent.list", "builtin:agent.delegate", "builtin:agent.await"]);
    const both = toolsForDelegation(delegating, true, true);
    expect(both).toEqual([...delegating, "builtin:agent.handoff"]);
    expect(toolsForDelegation(both, false, true)).toEqual([...base, "builtin:agent.list", "builtin:agent.handoff"]);
    expect(toolsForDelegation(both, false, false)).toEqual(base);

    const doc = mine();
    const draft = splitProfile(doc);
    const allow = toolsForDelegation(draft.form.allow, true, false);
    const form = { ...draft.form, allow, delegation: { ...draft.form.delegation, canDelegate: true } };
    expect(serverRefusal(composeProfile(doc, { ...draft, form }))).toBeNull();
    // The tools without the switch: refused, and the refusal belongs to the switch.
    const refusal = serverRefusal(
      composeProfile(doc, { ...draft, form: { ...form, delegation: draft.form.delegation } }),
    );
    expect(refusal?.code).toBe("agent.profile_agent_list_requires_delegation");
    expect(refusalAt(refusal, ["$.delegation.canDelegate"], ["agent.profile_agent_list_requires_delegation"])).toBe(
      refusal,
    );
  });

  /** The ranges as `GET /agent/profiles` serves them (profile-service.ts delegationLimits). */
  const ranges = Object.fromEntries(
    Object.entries(DELEGATION_LIMIT_RANGES).map(([k, r]) => [
      k,
      { ...r, default: DELEGATION_DEFAULTS[k as keyof typeof DELEGATION_LIMIT_RANGES] },
    ]),
  );

  it("a limit that is not a whole number in the server's range is named at its field, with its range, before sending", () => {
    for (const typed of ["abc", "12.5", "三", "0", "-1", "33", "1e3"]) {
      expect(limitProblem("maxConcurrentInvocations", typed, ranges.maxConcurrentInvocations)).toEqual({
        code: "agent.profile_delegation_concurrency_invalid",
        message: "delegation.maxConcurrentInvocations must be a whole number from 1 to 32.",
        details: { path: "$.delegation.maxConcurrentInvocations", min: 1, max: 32 },
      });
    }
    expect(limitProblem("maxHandoffDepth", "101", ranges.maxHandoffDepth)?.code).toBe(
      "agent.profile_handoff_depth_invalid",
    );
    // Empty = the default; a range not loaded yet leaves the check to the server.
    expect(limitProblem("maxConcurrentInvocations", "  ", ranges.maxConcurrentInvocations)).toBeNull();
    expect(limitProblem("maxConcurrentInvocations", "abc", undefined)).toBeNull();
    const form = { ...readDelegation({}, {}), maxInvocationsPerRun: "12.5", resultBudgetTokens: "0" };
    expect(firstLimitProblem(form, ranges)?.details.path).toBe("$.delegation.maxInvocationsPerRun");
    expect(firstLimitProblem(readDelegation({}, {}), ranges)).toBeNull();
  });

  it("full-width digits are read as the number; the server agrees on the range and names the same code", () => {
    expect(limitProblem("maxInvocationsPerRun", "１０００", ranges.maxInvocationsPerRun)).toBeNull();
    const doc = mine();
    const draft = splitProfile(doc);
    const typed = { ...draft.form.delegation, maxInvocationsPerRun: "１０００", maxConcurrentInvocations: " ２ " };
    const profile = readProfile(composeProfile(doc, { ...draft, form: { ...draft.form, delegation: typed } }));
    expect(profile.delegation).toMatchObject({ maxInvocationsPerRun: 1000, maxConcurrentInvocations: 2 });
    // Past the range the form and the server give the same code and range (one source).
    const over = { ...draft.form.delegation, maxConcurrentInvocations: "１０００" };
    const local = limitProblem(
      "maxConcurrentInvocations",
      over.maxConcurrentInvocations,
      ranges.maxConcurrentInvocations,
    );
    const server = serverRefusal(composeProfile(doc, { ...draft, form: { ...draft.form, delegation: over } }));
    expect(server).toEqual(local);
  });
});
