/**
 * The timeline's delegation projection (web/src/runs/timeline/timeline-delegation.ts via
 * buildTimeline; docs/spec/agent-delegation.md §7, §7.1): the journal of a writer that delegates to
 * a researcher — events in the order the runtime writes them, the child's interleaved with the
 * parent's — becomes a tree: the child's rounds under the `agent.delegate` call that created it,
 * with the sub-agent's profile, status and `task.return`; the `agent.await` call names the tasks it
 * received; a failed and a cancelled child keep their code; a handoff passes the run on; writes of
 * two invocations running at once stay with their own call.
 */
import { describe, expect, it } from "vitest";
import type {
  AgentAwaitPayload,
  AgentChildInvocationFailedPayload,
  AgentDelegateStartedPayload,
  AgentInvocationEventPayload,
  AgentTaskRegisteredPayload,
  AgentTaskStatusPayload,
  TaskReturnPayload,
} from "../../../src/contracts/agent-delegation";
import type { AgentRunEvent } from "../../../web/src/api/types";
import { describeEvent } from "../../../web/src/runs/journal-lines";
import { buildTimeline } from "../../../web/src/runs/timeline/timeline-model";

let seq = 0;
const ev = (type: string, payload: object): AgentRunEvent => {
  const p = payload as Record<string, unknown>;
  const invocationId = typeof p.invocationId === "string" ? p.invocationId : "inv_root";
  return {
    seq: ++seq,
    id: `e${seq}`,
    runId: "run_1",
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
    level: "info",
    type,
    payload: { ...p, eventScope: { invocationId } },
  };
};

const ROOT = "inv_root";
const CHILD = "inv_0123456789abcdef0123456789abcdef";
const CHILD2 = "inv_fedcba9876543210fedcba9876543210";
const TASK = "task_0123456789abcdef0123456789abcdef";
const TASK2 = "task_fedcba9876543210fedcba9876543210";

const base = (invocationId: string, taskId: string, delegateCallId: string) => ({
  invocationId,
  parentInvocationId: invocationId === ROOT ? null : ROOT,
  taskId,
  delegateCallId,
  delegateRound: 1,
});
const call = (type: string, invocationId: string, round: number, callId: string, name: string, extra = {}) =>
  ev(type, { invocationId, round, callId, name, ...extra });
const model = (invocationId: string, round: number, text: string) => [
  ev("model_call_attempt_started", { invocationId, round, attempt: 1 }),
  ev("model_completed", { invocationId, round, narration: { text, truncated: false }, hasReasoning: false }),
];

/** One delegated task, the events in the runtime's order (§7 "Order for one delegated task"). */
function delegate(child: string, taskId: string, callId: string, title: string) {
  const registered: AgentTaskRegisteredPayload = {
    ...base(ROOT, taskId, callId),
    childInvocationId: child,
    targetProfileId: "researcher",
    workspaceKey: "researcher",
    continuation: "return_to_parent",
    status: "queued",
    title,
  };
  const created: AgentInvocationEventPayload = {
    ...base(child, taskId, callId),
    profileId: "researcher",
    kind: "subagent",
    status: "created",
    exitPolicy: "task_return_required",
  };
  const started: AgentDelegateStartedPayload = {
    ...base(ROOT, taskId, callId),
    childInvocationId: child,
    targetProfileId: "researcher",
    workspaceKey: "researcher",
  };
  return [
    call("tool_call_started", ROOT, 1, callId, "agent_delegate", { toolId: "builtin:agent.delegate" }),
    ev("agent_task_registered", registered),
    ev("agent_invocation_created", created),
    ev("agent_delegate_started", started),
    call("tool_call_completed", ROOT, 1, callId, "agent_delegate", { elapsedMs: 5 }),
  ];
}
const taskStatus = (type: string, child: string, taskId: string, callId: string, extra: object = {}) => {
  const payload: AgentTaskStatusPayload = {
    ...base(child, taskId, callId),
    status: type.replace("agent_task_", "") as AgentTaskStatusPayload["status"],
    ...extra,
  };
  return ev(type, payload);
};

function writerRun(): AgentRunEvent[] {
  seq = 0;
  const awaitStarted: AgentAwaitPayload = {
    invocationId: ROOT,
    mode: "allCompleted",
    callId: "c_await",
    round: 2,
    taskIds: [TASK, TASK2],
    timeoutMs: 120_000,
  };
  const returned: TaskReturnPayload = {
    ...base(CHILD, TASK, "c_del"),
    status: "completed",
    resultRef: `agent-results/${CHILD}.json`,
    summaryRef: "summaries/researcher-result.md",
    summaryChars: 42,
    summaryWords: 8,
  };
  const failed: AgentChildInvocationFailedPayload = {
    ...base(CHILD2, TASK2, "c_del2"),
    code: "mcp.call_outcome_unknown",
    message: "The MCP tool may have executed.",
  };
  return [
    ev("profile_resolved", { profileId: "writer", source: "stored" }),
    ...model(ROOT, 1, "I will ask the researcher."),
    ...delegate(CHILD, TASK, "c_del", "Dragons of the north"),
    ...delegate(CHILD2, TASK2, "c_del2", "Ice lore"),
    ...model(ROOT, 2, "Waiting for the research."),
    call("tool_call_started", ROOT, 2, "c_await", "agent_await"),
    ev("agent_await_started", awaitStarted),
    taskStatus("agent_task_started", CHILD, TASK, "c_del"),
    ev("agent_invocation_started", {
      ...base(CHILD, TASK, "c_del"),
      profileId: "researcher",
      kind: "subagent",
      status: "running",
      exitPolicy: "task_return_required",
    }),
    taskStatus("agent_task_started", CHILD2, TASK2, "c_del2"),
    ...model(CHILD, 1, "Looking it up."),
    ...model(CHILD2, 1, "Checking the lore."),
    call("tool_call_started", CHILD, 1, "k_echo", "mcp__Everything__echo"),
    call("tool_call_started", CHILD2, 1, "k_write", "workspace_write_file"),
    // The second child writes while the first child's echo call is still running.
    ev("workspace_file_written", { invocationId: CHILD2, path: "scratch/lore.md", mode: "replace", chars: 9 }),
    call("tool_call_completed", CHILD, 1, "k_echo", "mcp__Everything__echo", { elapsedMs: 30 }),
    call("tool_call_completed", CHILD2, 1, "k_write", "workspace_write_file"),
    ev("agent_child_invocation_failed", failed),
    taskStatus("agent_task_failed", CHILD2, TASK2, "c_del2", { error: { code: failed.code, message: failed.message } }),
    ...model(CHILD, 2, "Returning."),
    call("tool_call_started", CHILD, 2, "k_ret", "task_return"),
    ev("task_return_recorded", returned),
    ev("task_return_completed", returned),
    call("tool_call_completed", CHILD, 2, "k_ret", "task_return"),
    taskStatus("agent_task_completed", CHILD, TASK, "c_del", { resultRef: returned.resultRef }),
    ev("agent_await_completed", { ...awaitStarted, timedOut: false, taskCount: 2 }),
    call("tool_call_completed", ROOT, 2, "c_await", "agent_await"),
    ...model(ROOT, 3, "Writing."),
    call("tool_call_started", ROOT, 3, "c_write", "workspace_write_file"),
    ev("workspace_file_written", { invocationId: ROOT, path: "output/main.md", mode: "replace", chars: 120 }),
    call("tool_call_completed", ROOT, 3, "c_write", "workspace_write_file"),
  ];
}

describe("timeline delegation projection", () => {
  it("nests each child's rounds under the agent.delegate call that created it", () => {
    const timeline = buildTimeline(writerRun());
    expect(timeline.rounds.map((r) => r.key)).toEqual(["inv_root/1", "inv_root/2", "inv_root/3"]);
    const [delegateCall, secondCall] = timeline.rounds[0]!.calls;
    expect(delegateCall).toMatchObject({ callId: "c_del", name: "agent_delegate", status: "done" });
    const task = delegateCall!.task!;
    expect(task).toMatchObject({
      taskId: TASK,
      childInvocationId: CHILD,
      profileId: "researcher",
      title: "Dragons of the north",
      status: "completed",
      returned: { status: "completed", summaryChars: 42, summaryRef: "summaries/researcher-result.md" },
    });
    expect(task.rounds.map((r) => r.key)).toEqual([`${CHILD}/1`, `${CHILD}/2`]);
    expect(task.rounds[0]!.narration?.text).toBe("Looking it up.");
    expect(task.rounds[0]!.calls.map((c) => [c.name, c.status])).toEqual([["mcp__Everything__echo", "done"]]);
    expect(task.rounds[1]!.calls.map((c) => c.name)).toEqual(["task_return"]);
    expect(secondCall!.task).toMatchObject({ taskId: TASK2, status: "failed", title: "Ice lore" });
    expect(timeline.tasks.map((t) => t.taskId)).toEqual([TASK, TASK2]);
    expect(timeline.invocations[CHILD]).toMatchObject({
      kind: "subagent",
      profileId: "researcher",
      parentInvocationId: ROOT,
    });
    expect(timeline.invocations[ROOT]).toMatchObject({ kind: "root", profileId: "writer" });
  });

  it("a failed child keeps its code; writes of two invocations at once stay with their own call", () => {
    const timeline = buildTimeline(writerRun());
    const failed = timeline.tasks[1]!;
    expect(failed.error).toEqual({ code: "mcp.call_outcome_unknown", message: "The MCP tool may have executed." });
    expect(failed.returned).toBeUndefined();
    const echo = timeline.tasks[0]!.rounds[0]!.calls[0]!;
    const write = failed.rounds[0]!.calls[0]!;
    expect(echo.writes).toEqual([]);
    expect(write.writes).toEqual([{ path: "scratch/lore.md", kind: "write", chars: 9 }]);
    expect(timeline.rounds[2]!.calls[0]!.writes.map((w) => w.path)).toEqual(["output/main.md"]);
  });

  it("a failed sub-agent's call it never reached reads not run at once, while the run goes on", () => {
    const events = writerRun();
    // The second child's first turn also asked for a search, which it never reached.
    const at = events.findIndex((e) => e.type === "model_completed" && e.payload!.invocationId === CHILD2);
    events[at] = {
      ...events[at]!,
      payload: {
        ...events[at]!.payload,
        toolCallCount: 2,
        toolCalls: [
          { callId: "k_write", name: "workspace_write_file" },
          { callId: "k_more", name: "chat_search" },
        ],
      },
    };
    const failedAt = events.findIndex((e) => e.type === "agent_task_failed");
    const statuses = (upTo: number) =>
      buildTimeline(events.slice(0, upTo)).tasks[1]!.rounds[0]!.calls.map((c) => [c.callId, c.status]);
    expect(statuses(failedAt)).toEqual([
      ["k_write", "done"],
      ["k_more", "waiting"],
    ]);
    expect(statuses(failedAt + 1)).toEqual([
      ["k_write", "done"],
      ["k_more", "not_run"],
    ]);
    // The run itself has not ended: the other child's and the writer's calls are untouched.
    const timeline = buildTimeline(events);
    expect(timeline.tasks[0]!.rounds.flatMap((r) => r.calls.map((c) => c.status))).toEqual(["done", "done"]);
    expect(timeline.rounds[1]!.toolCallCount).toBeUndefined();
  });

  it("reopened, a child whose model answered 401 shows its round and the failure once; the await says it failed", () => {
    seq = 0;
    const message = "researcher-model refused the credentials (HTTP 401): Invalid API key";
    const awaitStarted: AgentAwaitPayload = {
      invocationId: ROOT,
      mode: "allCompleted",
      callId: "c_await",
      round: 2,
      taskIds: [TASK],
      timeoutMs: 120_000,
    };
    const problem = { code: "model.provider_denied", message };
    // The journal exactly as a reload replays it from seq 1 (the runtime's order, child-end.ts failChild).
    const events = [
      ev("profile_resolved", { profileId: "writer", source: "stored" }),
      ...model(ROOT, 1, "I will ask the researcher."),
      ...delegate(CHILD, TASK, "c_del", "Dragons of the north"),
      ...model(ROOT, 2, "Waiting."),
      call("tool_call_started", ROOT, 2, "c_await", "agent_await"),
      ev("agent_await_started", awaitStarted),
      taskStatus("agent_task_started", CHILD, TASK, "c_del"),
      ev("model_call_attempt_started", { invocationId: CHILD, round: 1, attempt: 1 }),
      ev("model_call_attempt_failed", {
        invocationId: CHILD,
        round: 1,
        attempt: 1,
        maxRetries: 2,
        retryable: false,
        willRetry: false,
        ...problem,
      }),
      ev("agent_invocation_failed", {
        ...base(CHILD, TASK, "c_del"),
        profileId: "researcher",
        kind: "subagent",
        status: "failed",
        ...problem,
      }),
      ev("agent_child_invocation_failed", { ...base(CHILD, TASK, "c_del"), ...problem }),
      taskStatus("agent_task_failed", CHILD, TASK, "c_del", { error: problem }),
      ev("agent_await_completed", { ...awaitStarted, timedOut: false, taskCount: 1 }),
      call("tool_call_completed", ROOT, 2, "c_await", "agent_await"),
    ];
    const timeline = buildTimeline(events);
    const task = timeline.rounds[0]!.calls[0]!.task!;
    expect(task).toMatchObject({ status: "failed", error: problem, errorInRound: `${CHILD}/1` });
    expect(task.rounds.map((r) => r.key)).toEqual([`${CHILD}/1`]);
    expect(task.rounds[0]!.failedAttempts).toEqual([
      { attempt: 1, code: "model.provider_denied", message, willRetry: false },
    ]);
    // Shown once: the round carries it, so the task's own error line is left out.
    const shown = [
      ...(task.errorInRound ? [] : [task.error!.code]),
      ...task.rounds.flatMap((r) => r.failedAttempts.map((a) => a.code)),
    ];
    expect(shown).toEqual(["model.provider_denied"]);
    expect(timeline.rounds[1]!.calls[0]!.awaited).toMatchObject({ received: [], failed: [TASK], done: true });
    // A failure no round shows (the sub-agent reported it) stays the task's own error line.
    const reported = events.filter((e) => !e.type.startsWith("model_call_attempt"));
    expect(buildTimeline(reported).tasks[0]!.errorInRound).toBeUndefined();
  });

  it("agent.await names the tasks it asked for and the finished ones it received", () => {
    const events = writerRun();
    const awaitCall = () => buildTimeline(events).rounds[1]!.calls[0]!;
    expect(awaitCall().awaited).toEqual({
      mode: "allCompleted",
      asked: [TASK, TASK2],
      received: [TASK],
      failed: [TASK2],
      cancelled: [],
      done: true,
      timedOut: false,
    });
    // Live, before the children end: the call is waiting and has received nothing.
    const waiting = events.slice(0, events.findIndex((e) => e.type === "agent_await_started") + 1);
    expect(buildTimeline(waiting).rounds[1]!.calls[0]!.awaited).toMatchObject({ received: [], done: false });
    // A timeout with one task still running receives only the finished one.
    const early = events.filter((e) => e.type !== "agent_await_completed");
    const cut = early.findIndex((e) => e.type === "task_return_recorded");
    const timedOut = [
      ...early.slice(0, cut),
      ev("agent_await_completed", {
        invocationId: ROOT,
        mode: "allCompleted",
        callId: "c_await",
        round: 2,
        timedOut: true,
        taskCount: 2,
      }),
    ];
    expect(buildTimeline(timedOut).rounds[1]!.calls[0]!.awaited).toMatchObject({
      received: [],
      failed: [TASK2],
      done: true,
      timedOut: true,
    });
    expect(buildTimeline(timedOut).tasks[0]!.status).toBe("running");
  });

  it("a cancelled child shows cancelled; a queued one that never started stays queued", () => {
    seq = 0;
    const events = [
      ...delegate(CHILD, TASK, "c_del", "One"),
      ...delegate(CHILD2, TASK2, "c_del2", "Two"),
      taskStatus("agent_task_started", CHILD, TASK, "c_del"),
      ...model(CHILD, 1, "Working."),
      ev("run_cancel_requested", {}),
      taskStatus("agent_task_cancelled", CHILD, TASK, "c_del"),
    ];
    const timeline = buildTimeline(events);
    expect(timeline.tasks.map((t) => [t.taskId, t.status])).toEqual([
      [TASK, "cancelled"],
      [TASK2, "queued"],
    ]);
    expect(timeline.tasks[0]!.rounds.map((r) => r.key)).toEqual([`${CHILD}/1`]);
  });

  it("a handoff passes the run to another profile: its rounds stay at the top level", () => {
    seq = 0;
    const NEXT = "inv_00000000000000000000000000000001";
    const events = [
      ev("profile_resolved", { profileId: "writer", source: "stored" }),
      ...model(ROOT, 1, "Handing over to the editor."),
      call("tool_call_started", ROOT, 1, "c_hand", "agent_handoff"),
      ev("agent_handoff_requested", {
        invocationId: ROOT,
        targetProfileId: "editor",
        pendingTaskPolicy: "denyIfPending",
        callId: "c_hand",
        round: 1,
      }),
      ev("agent_task_registered", {
        ...base(ROOT, "handoff_1", "c_hand"),
        childInvocationId: NEXT,
        targetProfileId: "editor",
        workspaceKey: "editor",
        continuation: "transfer_control",
        status: "queued",
        title: null,
      }),
      ev("agent_handoff_accepted", {
        invocationId: ROOT,
        sourceInvocationId: ROOT,
        taskId: "handoff_1",
        newInvocationId: NEXT,
        targetProfileId: "editor",
        workspaceKey: "editor",
      }),
      call("tool_call_completed", ROOT, 1, "c_hand", "agent_handoff"),
      ev("agent_invocation_transferred", {
        invocationId: ROOT,
        profileId: "writer",
        kind: "root",
        status: "transferred",
      }),
      ...model(NEXT, 1, "Editing."),
    ];
    const timeline = buildTimeline(events);
    expect(timeline.rounds.map((r) => r.key)).toEqual(["inv_root/1", `${NEXT}/1`]);
    expect(timeline.rounds[0]!.calls[0]!.handoff).toEqual({
      targetProfileId: "editor",
      accepted: true,
      newInvocationId: NEXT,
    });
    expect(timeline.tasks).toEqual([]);
    expect(timeline.invocations[NEXT]).toMatchObject({ kind: "handoff", profileId: "editor" });
  });

  it("the journal list says each delegation step in words", () => {
    const lines = writerRun()
      .filter((e) => e.type.startsWith("agent_") && !e.type.startsWith("agent_invocation"))
      .map((e) => describeEvent(e))
      .filter((l) => !l.detail)
      .map((l) => [l.text, l.tone]);
    expect(lines).toEqual([
      ["Delegated a task to researcher", "info"],
      ["Delegated a task to researcher", "info"],
      ["Round 2: waiting for sub-agents", "info"],
      [
        "A sub-agent task failed: mcp.call_outcome_unknown The call was sent but its result is unknown: the server may or may not have run it.",
        "warn",
      ],
      ["A sub-agent returned its result", "success"],
      ["Round 2: Done waiting for sub-agents", "info"],
    ]);
  });
});
