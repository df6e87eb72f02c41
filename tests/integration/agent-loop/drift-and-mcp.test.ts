/**
 * Drift recovery (docs/spec/agent-runtime.md §4; ADR 1400) and MCP tools inside a run (docs/spec/tool-system.md §3): parallel
 * calls in order with a result for every call id, OutcomeUnknown ending the run (failed, or
 * partial_success after a commit) without executing the rest of the batch, long results
 * externalized to tool-results/ with a readable, pageable view.
 */
import { describe, expect, it } from "vitest";
import type { McpCallOutcome } from "../../../src/domain/mcp/call-outcome";
import { auditPaths, callHash } from "../../../src/domain/agent/loop/tool-result";
import { driveRun, eventOf, typesOf, userWithChat } from "./loop-helpers";

const REG = "0b9f3a52-7d0c-4c1e-9a51-3e2f6d1c0a11";
const ECHO = `mcp/${REG}:echo`;
const ALIAS = "mcp__Everything__echo";
const MCP_TOOLS = [
  { toolId: ECHO, server: "Everything", inputSchema: { type: "object", properties: { message: { type: "string" } } } },
];
const text = (value: string): McpCallOutcome => ({
  outcome: "known_response",
  response: { kind: "tool_result", result: { isError: false, text: [{ index: 0, text: value }], diagnostics: [] } },
});
const write = (id: string, content: string) => ({
  id,
  name: "workspace_write_file",
  arguments: JSON.stringify({ path: "output/main.md", content }),
});
const commit = (id: string) => ({ id, name: "workspace_commit", arguments: "{}" });
const finish = (id: string) => ({ id, name: "workspace_finish", arguments: "{}" });

describe("agent loop: drift recovery", () => {
  it("captures direct output, reminds the model and continues; the run completes", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      steps: [
        { text: "Here is the story: a dragon slept." },
        { calls: [write("w", "A dragon slept.")] },
        { calls: [commit("c")] },
        { calls: [finish("f")] },
      ],
    });
    expect(result.status).toBe("completed");
    expect(result.files["output/direct_output.md"]).toBe("Here is the story: a dragon slept.");
    const captured = eventOf(result.events, "direct_output_captured")!.payload!;
    expect(captured).toMatchObject({
      round: 1,
      path: "output/direct_output.md",
      modelResponsePath: "model-responses/round-001.json",
    });
    expect(
      result.events.some((e) => e.type === "checkpoint_created" && e.payload!.reason === "direct_output_capture"),
    ).toBe(true);
    const drift = eventOf(result.events, "drift_recovery_attempted")!;
    expect(drift.level).toBe("warn");
    expect(drift.payload).toMatchObject({
      attempt: 1,
      maxAttempts: 79,
      maxRounds: 80,
      limitReason: "max_rounds",
      round: 1,
      committedCount: 0,
      reasonCode: "model.tool_call_required",
    });
    const reminder = result.requests[1]!.messages.at(-1)!;
    expect(reminder.role).toBe("user");
    expect(JSON.stringify(reminder)).toContain("[system reminder, direct output recovery attempt 1]");
  });

  it("every recovery uses a round; a drift in the last round fails with model.tool_call_required", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      profile: (p) => {
        p.tools.maxRounds = 3;
      },
      steps: [{ text: "one" }, { text: "two" }, { text: "three" }],
    });
    expect(result.status).toBe("failed");
    expect(result.requests).toHaveLength(3);
    expect(result.events.filter((e) => e.type === "drift_recovery_attempted").map((e) => e.payload!.attempt)).toEqual([
      1, 2,
    ]);
    expect(eventOf(result.events, "run_failed")!.payload).toMatchObject({
      code: "model.tool_call_required",
      retryable: false,
      userRetryable: true,
    });
  });

  it("a drift in the last round after a commit ends partial_success", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      profile: (p) => {
        p.tools.maxRounds = 3;
      },
      steps: [{ calls: [write("w", "Kept.")] }, { calls: [commit("c")] }, { text: "bye" }],
    });
    expect(result.status).toBe("partial_success");
    expect(eventOf(result.events, "run_partial_success")!.payload).toMatchObject({
      code: "model.tool_call_required",
      preservedCommitCount: 1,
      retryable: false,
      userRetryable: false,
    });
    expect(result.chat.at(-1)!.text).toBe("Kept.");
  });
});

describe("agent loop: MCP tools", () => {
  it("two parallel MCP calls run in order, each call id gets its result", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      mcpTools: MCP_TOOLS,
      mcp: async (_id, args) => text(`Echo: ${args.message}`),
      steps: [
        {
          calls: [
            { id: "m1", name: ALIAS, arguments: '{"message":"first"}' },
            { id: "m2", name: ALIAS, arguments: '{"message":"second"}' },
          ],
        },
        { calls: [write("w", "x")] },
        { calls: [commit("c")] },
        { calls: [finish("f")] },
      ],
    });
    expect(result.status).toBe("completed");
    expect(result.mcpCalls).toEqual([
      { toolId: ECHO, args: { message: "first" } },
      { toolId: ECHO, args: { message: "second" } },
    ]);
    const tools = result.requests[1]!.messages.filter((m) => m.role === "tool").map((m) => (m.parts[0] as any).result);
    expect(tools.map((r: any) => [r.callId, r.content])).toEqual([
      ["m1", "Echo: first"],
      ["m2", "Echo: second"],
    ]);
    expect(
      result.events
        .filter((e) => e.type === "tool_call_completed")
        .slice(0, 2)
        .map((e) => e.payload!.toolId),
    ).toEqual([ECHO, ECHO]);
    expect(result.pairing).toEqual([]);
  });

  it("MCP arguments keep the digits of integers beyond 2^53 (docs/spec/hosted.md §8)", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      mcpTools: MCP_TOOLS,
      mcp: async () => text("ok"),
      steps: [
        { calls: [{ id: "big", name: ALIAS, arguments: '{"message":"n","n":9007199254740993}' }] },
        { calls: [write("w", "x")] },
        { calls: [commit("c")] },
        { calls: [finish("f")] },
      ],
    });
    expect(result.status).toBe("completed");
    expect(JSON.stringify(result.mcpCalls[0]!.args)).toBe('{"message":"n","n":9007199254740993}');
  });

  it("OutcomeUnknown without a prior commit fails the run and skips the rest of the batch", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      mcpTools: MCP_TOOLS,
      mcp: async () => ({
        outcome: "outcome_unknown",
        issue: { code: "mcp.call_timeout", message: "No response within 60 s." },
      }),
      steps: [
        {
          calls: [
            { id: "m1", name: ALIAS, arguments: '{"message":"a"}' },
            { id: "m2", name: ALIAS, arguments: '{"message":"b"}' },
          ],
        },
      ],
    });
    expect(result.status).toBe("failed");
    expect(result.mcpCalls).toHaveLength(1);
    const failed = eventOf(result.events, "tool_call_failed")!;
    expect(failed.payload).toMatchObject({ callId: "m1", errorCode: "mcp.call_outcome_unknown" });
    expect(result.events.some((e) => e.payload?.callId === "m2")).toBe(false);
    expect(eventOf(result.events, "run_failed")!.payload).toMatchObject({
      code: "mcp.call_outcome_unknown",
      retryable: false,
    });
    expect(String(eventOf(result.events, "run_failed")!.payload!.message)).toContain("will not be retried");
  });

  it("OutcomeUnknown after a commit ends partial_success with the commit preserved", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      mcpTools: MCP_TOOLS,
      mcp: async () => ({
        outcome: "outcome_unknown",
        issue: { code: "mcp.call_response_failed", message: "The connection broke." },
      }),
      steps: [
        { calls: [write("w", "Saved first.")] },
        { calls: [commit("c")] },
        { calls: [{ id: "m1", name: ALIAS, arguments: "{}" }, finish("f")] },
      ],
    });
    expect(result.status).toBe("partial_success");
    const payload = eventOf(result.events, "run_partial_success")!.payload!;
    expect(payload).toMatchObject({ code: "mcp.call_outcome_unknown", preservedCommitCount: 1, retryable: false });
    expect((payload.preservedCommits as any[])[0]).toMatchObject({ path: "output/main.md", mode: "replace", round: 2 });
    expect(result.events.some((e) => e.payload?.callId === "f")).toBe(false);
    expect(result.chat.at(-1)!.text).toBe("Saved first.");
    expect(typesOf(result.events)).not.toContain("persistent_changes_committed");
  });

  it("a result above the inline limit is externalized to tool-results/ and readable page by page", async () => {
    const { user, chatId } = await userWithChat();
    const long = Array.from({ length: 1200 }, (_, i) => `line ${i + 1}: ${"lorem ipsum ".repeat(5)}`).join("\n");
    const viewPath = auditPaths("inv_root", 1, await callHash("big")).view;
    const result = await driveRun(user.userId, chatId, {
      mcpTools: MCP_TOOLS,
      mcp: async () => text(long),
      steps: (i) => {
        if (i === 0) return { calls: [{ id: "big", name: ALIAS, arguments: "{}" }] };
        if (i === 1)
          return {
            calls: [
              {
                id: "page",
                name: "workspace_read_file",
                arguments: JSON.stringify({ path: viewPath, start_line: 1000, line_count: 2 }),
              },
            ],
          };
        return [{ calls: [write("w", "x")] }, { calls: [commit("c")] }, { calls: [finish("f")] }][i - 2]!;
      },
      profile: (p) => {
        p.tools.mcpResultInlineCharLimit = 20_000;
      },
    });
    expect(result.status).toBe("completed");
    const stored = eventOf(result.events, "tool_result_readable_view_stored")!.payload!;
    expect(stored.path).toBe(viewPath);
    expect(viewPath).toMatch(/^tool-results\/inv_root\/round-001-call_[0-9a-f]{16}\.txt$/);
    expect(result.files[viewPath]!.split("\n")).toHaveLength(1200);
    const toModel = (result.requests[1]!.messages.find((m) => m.role === "tool")!.parts[0] as any).result
      .content as string;
    expect(toModel).toContain(viewPath);
    expect(toModel).toContain("workspace_read_file");
    expect(toModel).toContain("## Prefix preview");
    expect(toModel.length).toBeLessThan(5000);
    const audit = JSON.parse(result.docs[String(stored.auditPath)]!);
    expect(audit.result.content).toBe(long);
    expect(audit.outcome.outcome).toBe("known_response");
    // The model paged the view with workspace_read_file (tool-results/ is visible read-only).
    const page = (result.requests[2]!.messages.at(-1)!.parts[0] as any).result.content as string;
    expect(JSON.parse(page)).toMatchObject({ ok: true });
    expect(page).toContain("line 1000: lorem");
    expect(page).toContain("line 1001: lorem");
    expect(page).not.toContain("line 1002: lorem");
  });
});
