/**
 * Ask inside a run's turn (docs/spec/approvals.md "Agent runs"): the calls of one turn keep their
 * order — an Allowed call before the Ask calls runs first, the Ask calls of the turn are asked
 * together in order while the run is parked, a denial does not undo what ran and the calls after
 * it go on. Cancelling a parked run ends its pending approvals `cancelled`.
 */
import { describe, expect, it } from "vitest";
import { SqlApprovalStore } from "../../../src/adapters/storage/approval-store";
import { onRunApprovalResolved } from "../../../src/application/agent/loop/steps/approval-gate";
import { cancelRun } from "../../../src/application/agent/cancel-run";
import type { LoopDeps } from "../../../src/application/agent/loop/deps";
import { ApprovalService } from "../../../src/application/approvals/approval-service";
import type { ApprovalRecord } from "../../../src/domain/approvals/approval";
import type { McpCallOutcome } from "../../../src/domain/mcp/call-outcome";
import { NO_SCHEDULER } from "../../fakes/no-scheduler";
import { driveRun, stubFor, userWithChat } from "./loop-helpers";
import { runInDurableObject } from "cloudflare:test";
import type { UserSpace } from "../../../durable-objects/user-space";

const REG = "0b9f3a52-7d0c-4c1e-9a51-3e2f6d1c0a11";
const tool = (name: string) => ({ toolId: `mcp/${REG}:${name}`, server: "Everything" });
const MCP_TOOLS = [tool("allowed"), tool("asked1"), tool("asked2")];
const PERMISSIONS: Record<string, "ask" | "allow"> = { allowed: "allow", asked1: "ask", asked2: "ask" };
const text = (value: string): McpCallOutcome => ({
  outcome: "known_response",
  response: { kind: "tool_result", result: { isError: false, text: [{ index: 0, text: value }], diagnostics: [] } },
});
const mcpCall = (id: string, name: string) => ({ id, name: `mcp__Everything__${name}`, arguments: `{"n":"${id}"}` });
const write = { id: "w", name: "workspace_write_file", arguments: '{"path":"output/main.md","content":"Done."}' };
const commit = { id: "k", name: "workspace_commit", arguments: "{}" };
const finish = { id: "f", name: "workspace_finish", arguments: "{}" };

/** The test's approval service, bound to the driven deps (its hooks wake nothing: driveRun steps by hand). */
function approvalsFor(sql: SqlStorage) {
  let service: ApprovalService | undefined;
  const deps = (base: LoopDeps): Partial<LoopDeps> => {
    service = new ApprovalService({
      store: new SqlApprovalStore(sql),
      clock: base.clock,
      scheduler: NO_SCHEDULER,
      sockets: { broadcast: () => undefined },
      development: true,
      allowTool: async () => undefined,
      holders: { run: (record) => onRunApprovalResolved(base, record), generation: () => undefined },
    });
    return {
      approvals: service,
      toolAsk: (toolId) => {
        const name = toolId.slice(toolId.indexOf(":") + 1);
        return { permission: PERMISSIONS[name] ?? "off", registrationId: REG, serverName: "Everything" };
      },
    };
  };
  return { deps, service: () => service! };
}

/** The user's object's SQLite (the store the driven run uses). */
function sqlOf(userId: string): Promise<SqlStorage> {
  return runInDurableObject(stubFor(userId), (instance: UserSpace) => instance.space().sql);
}

describe("agent loop: Ask", () => {
  it("keeps the turn's order: Allow runs first, the Ask calls are asked together, a denial skips only its call", async () => {
    const { user, chatId } = await userWithChat();
    const approvals = approvalsFor(await sqlOf(user.userId));
    const seen: { pendingAtPark: ApprovalRecord[]; mcpCallsAtPark: number } = { pendingAtPark: [], mcpCallsAtPark: -1 };
    const mcpCalls: string[] = [];
    let decided = false;
    const result = await driveRun(user.userId, chatId, {
      mcpTools: MCP_TOOLS,
      steps: [
        { calls: [mcpCall("a", "allowed"), mcpCall("b", "asked1"), mcpCall("c", "asked2")] },
        { calls: [write] },
        { calls: [commit] },
        { calls: [finish] },
      ],
      mcp: async (toolId) => {
        mcpCalls.push(toolId.slice(toolId.indexOf(":") + 1));
        return text(`ran ${toolId}`);
      },
      deps: approvals.deps,
      between: (deps, runId) => {
        if (decided || deps.runs.get(runId).status !== "awaiting_approval") return;
        decided = true;
        const service = approvals.service();
        seen.pendingAtPark = service.pendingFor({ runId });
        seen.mcpCallsAtPark = mcpCalls.length;
        const [first, second] = seen.pendingAtPark;
        void service.decide(first!.id, "deny", "dev_test");
        void service.decide(second!.id, "approve", "dev_test");
      },
    });
    expect(result.status, JSON.stringify(result.events.find((e) => e.type === "run_failed")?.payload)).toBe(
      "completed",
    );
    // Parked after the Allowed call ran, with both Ask calls asked together, in order.
    expect(seen.mcpCallsAtPark).toBe(1);
    expect(seen.pendingAtPark.map((a) => a.callId)).toEqual(["b", "c"]);
    expect(seen.pendingAtPark.map((a) => a.argumentsPreview)).toEqual(['{"n":"b"}', '{"n":"c"}']);
    // The denied call never ran; the Allowed call before it stays done; the call after it ran.
    expect(mcpCalls).toEqual(["allowed", "asked2"]);
    const failed = result.events.find((e) => e.type === "tool_call_failed" && e.payload!.callId === "b")!;
    expect(failed.payload!.errorCode).toBe("mcp.approval_denied");
    const types = result.events.map((e) => `${e.type}:${(e.payload as any)?.callId ?? ""}`);
    const at = (t: string) => types.indexOf(t);
    expect(at("tool_call_completed:a")).toBeLessThan(at("tool_call_awaiting_approval:b"));
    expect(at("tool_call_awaiting_approval:b")).toBeLessThan(at("tool_call_awaiting_approval:c"));
    expect(at("tool_call_awaiting_approval:c")).toBeLessThan(at("tool_call_denied:b"));
    expect(at("tool_call_denied:b")).toBeLessThan(at("tool_call_failed:b"));
    expect(at("tool_call_approved:c")).toBeLessThan(at("tool_call_started:c"));
    // The model got a declined result for b, and c's result.
    const toolMessages = result.requests[1]!.messages.filter((m) => m.role === "tool");
    expect(JSON.stringify(toolMessages)).toContain("declined");
  });

  it("cancelling a parked run ends its pending approvals as cancelled", async () => {
    const { user, chatId } = await userWithChat();
    const approvals = approvalsFor(await sqlOf(user.userId));
    let pending: ApprovalRecord[] = [];
    const result = await driveRun(user.userId, chatId, {
      mcpTools: MCP_TOOLS,
      steps: [{ calls: [mcpCall("b", "asked1")] }],
      mcp: async () => text("never"),
      deps: approvals.deps,
      between: (deps, runId) => {
        if (deps.runs.get(runId).status !== "awaiting_approval" || pending.length > 0) return;
        pending = approvals.service().pendingFor({ runId });
        cancelRun(deps, runId);
      },
    });
    expect(result.status).toBe("cancelled");
    expect(pending).toHaveLength(1);
    const ended = await runInDurableObject(stubFor(user.userId), () => approvals.service().find(pending[0]!.id));
    expect(ended!.status).toBe("cancelled");
    expect(result.mcpCalls).toEqual([]);
    const denied = result.events.find((e) => e.type === "tool_call_denied")!;
    expect(denied.payload).toMatchObject({ status: "cancelled", decision: "cancelled" });
  });
});
