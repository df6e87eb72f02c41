/**
 * The deadline of an in-flight MCP call (docs/spec/hardening.md "Long tool calls"; issue 30 item 6):
 * before the request leaves, the loop state records on the pending call `startedAt` and
 * `deadlineAt = startedAt + mcpStepMs`, and `mcpStepMs` (the watchdog's budget for an MCP step) covers
 * the 10 min cap of a call that keeps reporting progress.
 */
import { describe, expect, it } from "vitest";
import type { LoopDeps } from "../../../src/application/agent/loop/deps";
import type { McpCallOutcome } from "../../../src/domain/mcp/call-outcome";
import { DEFAULT_MCP_TIMEOUTS, mcpCallBudgetMs } from "../../../src/domain/mcp/gateway-limits";
import { driveRun, userWithChat } from "./loop-helpers";

const ECHO = "mcp/0b9f3a52-7d0c-4c1e-9a51-3e2f6d1c0a11:echo";
const ALIAS = "mcp__Everything__echo";

describe("in-flight MCP call deadline", () => {
  it("is stored with the started call, from the call budget (start-up + list page + 10 min cap + close)", async () => {
    const { user, chatId } = await userWithChat();
    let current: { deps: LoopDeps; runId: string } | null = null;
    const seen: Array<{ status: string; startedAt?: number; deadlineAt?: number; budget: number }> = [];
    const result = await driveRun(user.userId, chatId, {
      mcpTools: [{ toolId: ECHO, server: "Everything" }],
      between: (deps, runId) => {
        current = { deps, runId };
      },
      mcp: async (): Promise<McpCallOutcome> => {
        const { deps, runId } = current!;
        const state = JSON.parse(deps.store.readState(runId)!.json);
        const call = state.calls.find((c: any) => c.toolId === ECHO);
        seen.push({ ...call, budget: deps.mcpStepMs });
        return {
          outcome: "known_response",
          response: {
            kind: "tool_result",
            result: { isError: false, text: [{ index: 0, text: "ok" }], diagnostics: [] },
          },
        };
      },
      steps: [
        { calls: [{ id: "m1", name: ALIAS, arguments: '{"message":"hi"}' }] },
        { calls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
      ],
    });
    expect(result.status).toBeDefined();
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call!.status).toBe("started");
    expect(call!.deadlineAt! - call!.startedAt!).toBe(call!.budget);
    // The budget covers the absolute cap of a call that keeps reporting progress.
    expect(mcpCallBudgetMs(DEFAULT_MCP_TIMEOUTS)).toBeGreaterThan(DEFAULT_MCP_TIMEOUTS.callMaxMs);
    expect(call!.budget).toBeGreaterThan(6000); // tests: lifecycle 5 s + list 3 s + cap 6 s + close 2 s
  });
});
