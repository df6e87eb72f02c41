/**
 * Two tool calls sharing an id in one model turn (ADR 1471): the whole turn is refused before any
 * call is reviewed or executed — no workspace write, no MCP call — and the run fails with
 * `model.invalid_tool_call`, the journal naming the repeated id.
 */
import { describe, expect, it } from "vitest";
import type { McpCallOutcome } from "../../../src/domain/mcp/call-outcome";
import { driveRun, eventOf, userWithChat } from "./loop-helpers";

const REG = "0b9f3a52-7d0c-4c1e-9a51-3e2f6d1c0a11";
const ECHO = `mcp/${REG}:echo`;
const MCP_TOOLS = [
  { toolId: ECHO, server: "Everything", inputSchema: { type: "object", properties: { message: { type: "string" } } } },
];
const text = (value: string): McpCallOutcome => ({
  outcome: "known_response",
  response: { kind: "tool_result", result: { isError: false, text: [{ index: 0, text: value }], diagnostics: [] } },
});

describe("agent loop: duplicate tool-call ids in one turn", () => {
  it("fails the run with model.invalid_tool_call and executes none of the turn's calls", async () => {
    const { user, chatId, messages } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      mcpTools: MCP_TOOLS,
      mcp: async () => text("should not run"),
      steps: [
        {
          calls: [
            {
              id: "call_1",
              name: "workspace_write_file",
              arguments: JSON.stringify({ path: "output/main.md", content: "side effect" }),
            },
            { id: "call_1", name: "mcp__Everything__echo", arguments: JSON.stringify({ message: "hi" }) },
          ],
        },
      ],
    });
    expect(result.status).toBe("failed");
    expect(result.requests).toHaveLength(1);
    expect(result.mcpCalls).toEqual([]);
    expect(result.files["output/main.md"]).toBeUndefined();
    expect(result.events.some((e) => e.type.startsWith("tool_call"))).toBe(false);
    expect(result.events.some((e) => e.type === "model_completed")).toBe(false);
    expect(eventOf(result.events, "model_call_attempt_failed")!.payload).toMatchObject({
      code: "model.invalid_tool_call",
      retryable: false,
      willRetry: false,
      details: { toolCallId: "call_1", toolCallIndex: 1, firstIndex: 0 },
    });
    const failed = eventOf(result.events, "run_failed")!.payload!;
    expect(failed).toMatchObject({ code: "model.invalid_tool_call" });
    expect(String(failed.message)).toContain('same id "call_1"');
    expect(result.chat).toHaveLength(messages.length);
  });

  it("distinct ids in one turn still run (control)", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      mcpTools: MCP_TOOLS,
      mcp: async () => text("ok"),
      maxSteps: 6,
      steps: [
        {
          calls: [
            { id: "a", name: "mcp__Everything__echo", arguments: '{"message":"1"}' },
            { id: "b", name: "mcp__Everything__echo", arguments: '{"message":"2"}' },
          ],
        },
        { text: "" },
      ],
    });
    expect(result.mcpCalls).toHaveLength(2);
  });
});
