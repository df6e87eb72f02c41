/**
 * What a return-mode child may not do, how it ends on failure, and how a cancel reaches it
 * (docs/spec/agent-delegation.md §4, §5): commit, finish, delegate (without allowNestedDelegation)
 * and await are refused with their codes as tool errors; a root's task_return is refused; an MCP
 * call with an unknown outcome ends only the child, and the caller gets a failed task, never a
 * made-up result; cancelling the run cancels its unfinished tasks and their invocations.
 */
import { describe, expect, it } from "vitest";
import { cancelRun } from "../../../src/application/agent/cancel-run";
import { typesOf } from "../agent-loop/loop-helpers";
import { call, callResult, driveSaved, ECHO_ALIAS, researcherDoc, WRAP_UP, writerDoc } from "./delegation-helpers";

const delegateResearch = {
  calls: [call("d1", "agent_delegate", { agentId: "researcher", task: { objective: "Look." } })],
};
const awaitAll = { calls: [call("a1", "agent_await", { mode: "allCompleted" })] };

describe("delegation: child rules", () => {
  it("a child's commit, finish, delegate and await are refused with their codes; a root's task_return too", async () => {
    const writer = writerDoc();
    const result = await driveSaved(writer, [researcherDoc(), writer], {
      scripts: {
        writer: [
          { calls: [call("t0", "task_return", { summary: "not mine" })] },
          delegateResearch,
          awaitAll,
          ...WRAP_UP,
        ],
        researcher: [
          {
            calls: [
              call("x1", "workspace_commit"),
              call("x2", "agent_delegate", { agentId: "writer", task: { objective: "?" } }),
              call("x3", "agent_await", {}),
            ],
          },
          { calls: [call("x4", "workspace_finish")] },
          { calls: [call("r1", "task_return", { summary: "Refusals seen." })] },
        ],
      },
    });
    expect(result.status).toBe("completed");
    expect(callResult(result.events, "t0")).toMatchObject({ isError: true, errorCode: "agent.task_return_denied" });
    expect(callResult(result.events, "x1")).toMatchObject({ isError: true, errorCode: "agent.child_commit_denied" });
    expect(callResult(result.events, "x2")).toMatchObject({
      isError: true,
      errorCode: "agent.delegation_policy_denied",
    });
    expect(callResult(result.events, "x3")).toMatchObject({ isError: true, errorCode: "agent.child_await_denied" });
    expect(callResult(result.events, "x4")).toMatchObject({ isError: true, errorCode: "agent.child_finish_denied" });
    expect(result.tasks[0]).toMatchObject({ status: "completed", summary: "Refusals seen." });
    // The child committed nothing: the chat's last message is the writer's.
    expect(typesOf(result.events).filter((t) => t === "chat_commit_completed")).toHaveLength(1);
  });

  it("a task.return over resultBudgetTokens is refused (agent.task_result_too_large); a shorter one is taken", async () => {
    const writer = writerDoc();
    const result = await driveSaved(
      writer,
      [
        researcherDoc("researcher", (p) => {
          p.delegation.resultBudgetTokens = 10;
        }),
        writer,
      ],
      {
        scripts: {
          writer: [delegateResearch, awaitAll, ...WRAP_UP],
          researcher: [
            { calls: [call("r1", "task_return", { summary: "x".repeat(41) })] },
            { calls: [call("r2", "task_return", { summary: "short" })] },
          ],
        },
      },
    );
    expect(result.status).toBe("completed");
    expect(callResult(result.events, "r1")).toMatchObject({ isError: true, errorCode: "agent.task_result_too_large" });
    expect(result.tasks[0]).toMatchObject({ status: "completed", summary: "short" });
  });

  it("OutcomeUnknown in a child ends only the child; the caller gets a failed task and the run completes", async () => {
    const writer = writerDoc();
    const result = await driveSaved(writer, [researcherDoc(), writer], {
      mcp: async () => ({
        outcome: "outcome_unknown",
        issue: { code: "mcp.call_timeout", message: "No response within 60 s." },
      }),
      scripts: {
        writer: [delegateResearch, awaitAll, ...WRAP_UP],
        researcher: [{ calls: [call("e1", ECHO_ALIAS, { message: "hi" })] }],
      },
    });
    expect(result.status).toBe("completed");
    const child = result.invocations[1]!;
    expect(child).toMatchObject({ kind: "subagent", status: "failed" });
    expect(result.tasks[0]).toMatchObject({
      status: "failed",
      summary: null,
      error: { code: "mcp.call_outcome_unknown" },
    });
    const failed = result.events.find((e) => e.type === "agent_child_invocation_failed")!;
    expect(failed.payload).toMatchObject({ invocationId: child.invocationId, code: "mcp.call_outcome_unknown" });
    expect(typesOf(result.events)).not.toContain("task_return_completed");
    // The writer's await answer says the task failed and why; there is no summary to use.
    const answer = callResult(result.events, "a1");
    expect(answer.isError).toBe(false);
    const writerRequests = result.gateway.requests.filter((r) => r.profileId === "writer");
    const capsule = JSON.stringify(writerRequests[2]!.request.messages.at(-1));
    expect(capsule).toContain("failed");
    expect(capsule).toContain("mcp.call_outcome_unknown");
  });

  it("cancelling the run cancels its child task and invocation, and the child never runs again", async () => {
    const writer = writerDoc();
    let cancelled = false;
    const result = await driveSaved(writer, [researcherDoc(), writer], {
      scripts: {
        writer: [delegateResearch, awaitAll, ...WRAP_UP],
        researcher: [{ calls: [call("e1", ECHO_ALIAS, { message: "hi" })] }],
      },
      between: (deps, runId) => {
        if (cancelled) return;
        // Right after the delegate call: the child's first step is scheduled, nothing is in flight.
        if (deps.delegation.tasks(runId).length > 0) {
          cancelRun(deps, runId);
          cancelled = true;
        }
      },
    });
    expect(cancelled).toBe(true);
    expect(result.status).toBe("cancelled");
    expect(result.tasks[0]).toMatchObject({ status: "cancelled" });
    expect(result.invocations.map((i) => i.status)).toEqual(["cancelled", "cancelled"]);
    const types = typesOf(result.events);
    expect(types.indexOf("agent_task_cancelled")).toBeGreaterThan(types.indexOf("run_cancel_requested"));
    expect(types.indexOf("agent_task_cancelled")).toBeLessThan(types.indexOf("run_cancelled"));
    // The child's scheduled step was dropped: it never called its model.
    expect(result.gateway.requests.filter((r) => r.profileId === "researcher")).toEqual([]);
    const cancelledChild = result.events.find(
      (e) => e.type === "agent_invocation_cancelled" && e.payload!.kind === "subagent",
    )!;
    expect(cancelledChild.payload).toMatchObject({
      invocationId: result.invocations[1]!.invocationId,
      parentInvocationId: "inv_root",
    });
  });
  it("cancelling the run while the child's model call is in flight aborts it and cancels the task", async () => {
    const writer = writerDoc();
    let cancelledAt: string | null = null;
    const result = await driveSaved(writer, [researcherDoc(), writer], {
      scripts: {
        writer: [delegateResearch, awaitAll, ...WRAP_UP],
        researcher: [
          { calls: [call("r1", "task_return", { summary: "never returned" })], hold: new Promise(() => {}) },
        ],
      },
      onModelRequest: (deps, runId, profileId) => {
        if (profileId !== "researcher" || cancelledAt) return;
        cancelledAt = deps.runs.get(runId).status;
        cancelRun(deps, runId);
      },
    });
    // The run was cancelled while the child's model call was on the wire.
    expect(cancelledAt).not.toBeNull();
    expect(result.status).toBe("cancelled");
    expect(result.tasks[0]).toMatchObject({ status: "cancelled", summary: null });
    expect(result.invocations.map((i) => i.status)).toEqual(["cancelled", "cancelled"]);
    const types = typesOf(result.events);
    expect(types).not.toContain("task_return_recorded");
    expect(types.indexOf("agent_task_cancelled")).toBeLessThan(types.indexOf("run_cancelled"));
  });
});
