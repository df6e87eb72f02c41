import { describe, expect, it } from "vitest";
import { builtinDescriptor } from "../../../src/domain/tools/builtin-descriptors";
import {
  createInvocationToolSnapshot,
  createToolTurnContract,
  turnWithAllTools,
  type ToolBinding,
} from "../../../src/domain/tools/snapshot";
import { ToolRequestGate, type ModelToolCallRequest } from "../../../src/domain/tools/request-gate";

const MCP_ID = "mcp/550e8400-e29b-41d4-a716-446655440000:search";
const mcpBinding: ToolBinding = {
  descriptor: { id: MCP_ID, inputSchema: { type: "object" }, annotations: {} },
  modelAlias: "mcp__srv__search",
  maxCalls: 2,
};
const bind = (name: string, maxCalls?: number): ToolBinding => ({
  descriptor: builtinDescriptor(name),
  modelAlias: name.replaceAll(".", "_"),
  ...(maxCalls ? { maxCalls } : {}),
});

function setup(max = 10) {
  const snapshot = createInvocationToolSnapshot(
    "inv_root",
    [bind("dice.roll", 1), bind("workspace.commit"), bind("workspace.finish"), mcpBinding],
    max,
  );
  return { snapshot, gate: new ToolRequestGate(snapshot), turn: turnWithAllTools(snapshot) };
}
const call = (name: string, args: unknown = "{}", callId = `call_${name}`): ModelToolCallRequest => ({
  callId,
  name,
  arguments: args,
});
const summary = (d: { outcome: string; code?: string }) =>
  d.outcome === "dispatch" ? "dispatch" : `${d.outcome}:${d.code}`;

describe("ToolRequestGate (docs/spec/tool-system.md §1)", () => {
  it.each<[string, number, ModelToolCallRequest[], string[]]>([
    [
      "per-tool budget (dice max 1)",
      10,
      [call("dice_roll"), call("dice_roll")],
      ["dispatch", "recoverable:agent.tool_budget_exhausted"],
    ],
    [
      "per-tool budget of an MCP tool (max 2)",
      10,
      [call("mcp__srv__search"), call("mcp__srv__search"), call("mcp__srv__search")],
      ["dispatch", "dispatch", "recoverable:agent.tool_budget_exhausted"],
    ],
    [
      "invocation budget (max 2)",
      2,
      [call("mcp__srv__search"), call("workspace_commit"), call("dice_roll")],
      ["dispatch", "dispatch", "recoverable:agent.tool_budget_exhausted"],
    ],
    [
      "unknown alias is fatal and stops the turn",
      10,
      [call("nope"), call("dice_roll")],
      ["fatal:model.unknown_tool_call"],
    ],
    ["canonical name is not an alias", 10, [call("dice.roll")], ["fatal:model.unknown_tool_call"]],
    ["invalid arguments", 10, [call("workspace_commit", "[1,2]")], ["recoverable:tool.invalid_arguments"]],
    [
      "finish not last",
      10,
      [call("workspace_finish"), call("workspace_commit")],
      ["recoverable:agent.tool_after_finish", "dispatch"],
    ],
    ["finish last", 10, [call("workspace_commit"), call("workspace_finish")], ["dispatch", "dispatch"]],
    ["commit is not a completion tool", 10, [call("workspace_commit"), call("dice_roll")], ["dispatch", "dispatch"]],
  ])("%s", (_label, max, calls, expected) => {
    const { gate, turn } = setup(max);
    expect(gate.reviewTurn(turn, calls).map(summary)).toEqual(expected);
  });

  it("an unknown call still charges the invocation budget", () => {
    const { gate, turn } = setup(1);
    expect(summary(gate.review(turn, call("nope"), true))).toBe("fatal:model.unknown_tool_call");
    expect(gate.state.totalCalls).toBe(1);
    expect(summary(gate.review(turn, call("dice_roll"), true))).toBe("recoverable:agent.tool_budget_exhausted");
    expect(summary(gate.review(turn, call("nope"), true))).toBe("recoverable:agent.tool_budget_exhausted");
  });

  it("invalid arguments are charged before they are refused; message quotes the raw text", () => {
    const { gate, turn } = setup();
    const decision = gate.review(turn, call("dice_roll", '{"formula":'), true);
    expect(decision).toMatchObject({
      outcome: "recoverable",
      code: "tool.invalid_arguments",
      toolId: "builtin:dice.roll",
      arguments: { kind: "invalid", rawText: '{"formula":' },
    });
    expect((decision as { message: string }).message).toContain('{"formula":');
    expect(gate.state).toEqual({ totalCalls: 1, callsPerTool: { "builtin:dice.roll": 1 } });
  });

  it("budget messages name the limit", () => {
    const { gate, turn } = setup(1);
    gate.review(turn, call("workspace_commit"), true);
    const decision = gate.review(turn, call("workspace_commit"), true);
    expect((decision as { message: string }).message).toBe(
      "The tool call budget is exhausted for this invocation (max 1).",
    );
  });

  it("dispatch carries the ToolId, binding and normalized object arguments", () => {
    const { gate, turn } = setup();
    const decision = gate.review(turn, call("mcp__srv__search", '{"n":1}'), true);
    expect(decision).toMatchObject({
      outcome: "dispatch",
      toolId: MCP_ID,
      arguments: { n: 1 },
      binding: { modelAlias: "mcp__srv__search" },
    });
  });

  it("tool choice none / specific, and tools not offered this turn", () => {
    const { snapshot, gate } = setup();
    const none = createToolTurnContract(snapshot, ["builtin:dice.roll"], "none");
    expect(summary(gate.review(none, call("dice_roll"), true))).toBe("fatal:model.tool_choice_violation");
    const specific = createToolTurnContract(snapshot, ["builtin:dice.roll", "builtin:workspace.commit"], {
      specific: "builtin:workspace.commit",
    });
    expect(summary(gate.review(specific, call("dice_roll"), true))).toBe("fatal:model.tool_choice_violation");
    expect(summary(gate.review(specific, call("workspace_commit"), true))).toBe("dispatch");
    const narrow = createToolTurnContract(snapshot, ["builtin:dice.roll"], "auto");
    expect(summary(gate.review(narrow, call("workspace_finish"), true))).toBe("fatal:model.unknown_tool_call");
    expect(gate.state.callsPerTool["builtin:workspace.finish"]).toBeUndefined();
  });

  it("a turn of another snapshot is an internal error", () => {
    const { gate } = setup();
    const other = createInvocationToolSnapshot("inv_other", [bind("dice.roll")], 3);
    expect(() => gate.review(turnWithAllTools(other), call("dice_roll"), true)).toThrow(
      expect.objectContaining({ code: "tool.turn_snapshot_mismatch" }),
    );
  });

  it("state persists across steps as JSON", () => {
    const { snapshot, gate, turn } = setup();
    gate.review(turn, call("dice_roll"), true);
    const resumed = new ToolRequestGate(snapshot, JSON.parse(JSON.stringify(gate.state)));
    expect(summary(resumed.review(turn, call("dice_roll"), true))).toBe("recoverable:agent.tool_budget_exhausted");
    expect(gate.state.totalCalls).toBe(1);
  });
});
