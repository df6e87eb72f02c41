import { describe, expect, it } from "vitest";
import type { AppError } from "../../../src/domain/errors";
import { builtinDescriptor } from "../../../src/domain/tools/builtin-descriptors";
import {
  bindingByAlias,
  createInvocationToolSnapshot,
  createToolTurnContract,
  projectModelTools,
  readInvocationToolSnapshot,
  turnWithAllTools,
  type ToolBinding,
} from "../../../src/domain/tools/snapshot";

const bind = (name: string, alias = name.replaceAll(".", "_"), maxCalls?: number): ToolBinding => ({
  descriptor: builtinDescriptor(name),
  modelAlias: alias,
  ...(maxCalls !== undefined ? { maxCalls } : {}),
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return (error as AppError).code;
  }
  return undefined;
}

describe("InvocationToolSnapshot (docs/spec/tool-system.md §1)", () => {
  it.each<[string, () => unknown, string]>([
    ["empty id", () => createInvocationToolSnapshot(" ", [], 1), "tool.snapshot_id_empty"],
    ["zero budget", () => createInvocationToolSnapshot("inv_root", [], 0), "tool.snapshot_budget_invalid"],
    ["fractional budget", () => createInvocationToolSnapshot("inv_root", [], 1.5), "tool.snapshot_budget_invalid"],
    [
      "empty alias",
      () => createInvocationToolSnapshot("inv_root", [bind("dice.roll", "")], 5),
      "tool.snapshot_alias_empty",
    ],
    [
      "duplicate id",
      () => createInvocationToolSnapshot("inv_root", [bind("dice.roll"), bind("dice.roll", "other")], 5),
      "tool.snapshot_duplicate_id",
    ],
    [
      "duplicate alias",
      () => createInvocationToolSnapshot("inv_root", [bind("dice.roll", "x"), bind("chat.search", "x")], 5),
      "tool.snapshot_duplicate_alias",
    ],
    [
      "zero tool budget",
      () => createInvocationToolSnapshot("inv_root", [bind("dice.roll", "dice_roll", 0)], 5),
      "tool.snapshot_tool_budget_invalid",
    ],
  ])("%s → %s", (_label, fn, code) => {
    expect(codeOf(fn)).toBe(code);
  });

  it("round-trips through JSON strictly", () => {
    const snapshot = createInvocationToolSnapshot(
      "inv_root",
      [bind("dice.roll", "dice_roll", 2), bind("chat.search")],
      10,
    );
    const back = readInvocationToolSnapshot(JSON.parse(JSON.stringify(snapshot)));
    expect(back).toEqual(snapshot);
    expect(bindingByAlias(back, "dice_roll")?.descriptor.id).toBe("builtin:dice.roll");
    expect(bindingByAlias(back, "dice.roll")).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ["wrong version", { schemaVersion: 2, id: "x", bindings: [], maxCallsPerInvocation: 1 }],
    ["unknown field", { schemaVersion: 1, id: "x", bindings: [], maxCallsPerInvocation: 1, extra: true }],
    [
      "unknown binding field",
      { schemaVersion: 1, id: "x", bindings: [{ ...bind("dice.roll"), note: 1 }], maxCallsPerInvocation: 1 },
    ],
    ["not an object", "nope"],
  ])("stored snapshot with %s → tool.snapshot_schema_unsupported", (_label, value) => {
    expect(codeOf(() => readInvocationToolSnapshot(value))).toBe("tool.snapshot_schema_unsupported");
  });
});

describe("ToolTurnContract (docs/spec/tool-system.md §1)", () => {
  const snapshot = createInvocationToolSnapshot("inv_root", [bind("dice.roll"), bind("chat.search")], 10);

  it.each<[string, () => unknown, string]>([
    [
      "duplicate tool",
      () => createToolTurnContract(snapshot, ["builtin:dice.roll", "builtin:dice.roll"], "auto"),
      "tool.turn_duplicate_id",
    ],
    [
      "tool outside the snapshot",
      () => createToolTurnContract(snapshot, ["builtin:workspace.finish"], "auto"),
      "tool.turn_tool_not_in_snapshot",
    ],
    ["required with no tools", () => createToolTurnContract(snapshot, [], "required"), "tool.turn_required_empty"],
    [
      "specific not offered",
      () => createToolTurnContract(snapshot, ["builtin:dice.roll"], { specific: "builtin:chat.search" }),
      "tool.turn_specific_not_available",
    ],
  ])("%s → %s", (_label, fn, code) => {
    expect(codeOf(fn)).toBe(code);
  });

  it("projects the turn's tools for the model request, in turn order", () => {
    const turn = createToolTurnContract(snapshot, ["builtin:chat.search", "builtin:dice.roll"], "auto");
    expect(projectModelTools(snapshot, turn).map((t) => [t.toolId, t.modelAlias])).toEqual([
      ["builtin:chat.search", "chat_search"],
      ["builtin:dice.roll", "dice_roll"],
    ]);
    expect(codeOf(() => projectModelTools(snapshot, { ...turn, snapshotId: "other" }))).toBe(
      "tool.turn_snapshot_mismatch",
    );
    expect(codeOf(() => projectModelTools(snapshot, { ...turn, tools: ["builtin:workspace.finish"] }))).toBe(
      "tool.turn_tool_not_in_snapshot",
    );
  });

  it("offers every tool in binding order", () => {
    expect(turnWithAllTools(snapshot, "required")).toEqual({
      snapshotId: "inv_root",
      tools: ["builtin:dice.roll", "builtin:chat.search"],
      choice: "required",
    });
  });
});
