/**
 * The run timeline folded from the journal (web/src/runs/timeline/timeline-model.ts): rounds keyed by
 * invocation and round, tool calls with their status, time and error, writes attached to the call
 * that made them with the checkpoint taken right after, the commit and its undo, the failure.
 */
import { describe, expect, it } from "vitest";
import type { AgentRunEvent } from "../../../web/src/api/types";
import { attemptOutcome, liveFor, modelAtWork } from "../../../web/src/runs/timeline/round-state";
import { buildTimeline, checkpointBefore } from "../../../web/src/runs/timeline/timeline-model";

let seq = 0;
const ev = (type: string, payload: Record<string, unknown>): AgentRunEvent => ({
  seq: ++seq,
  id: `e${seq}`,
  runId: "run_1",
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
  level: "info",
  type,
  payload,
});

/** Attempt `attempt` of round 1 of the root invocation started. */
const started = (attempt: number) => ev("model_call_attempt_started", { round: 1, invocationId: "inv_root", attempt });
/** Attempt `attempt` of round 1 failed (and will be retried when `willRetry`). */
const failed = (attempt: number, willRetry: boolean) =>
  ev("model_call_attempt_failed", {
    round: 1,
    invocationId: "inv_root",
    attempt,
    code: "model.stream_failed",
    message: "The answer could not be read.",
    willRetry,
  });

describe("buildTimeline", () => {
  it("folds a run into rounds, calls, writes with checkpoints, the commit, its undo and the failure", () => {
    const call = (type: string, round: number, callId: string, extra: Record<string, unknown> = {}) =>
      ev(type, {
        round,
        invocationId: "inv_root",
        callId,
        name: callId === "e" ? "mcp__Everything__echo" : callId,
        ...extra,
      });
    const events = [
      ev("agent_model_binding_resolved", { connectionId: "conn_1" }),
      ev("model_call_attempt_started", { round: 1, invocationId: "inv_root", attempt: 1 }),
      ev("model_call_attempt_failed", {
        round: 1,
        invocationId: "inv_root",
        attempt: 1,
        code: "model.provider_rate_limited",
        message: "slow down",
        willRetry: true,
      }),
      ev("model_completed", {
        round: 1,
        invocationId: "inv_root",
        narration: { text: "Checking.", truncated: false },
        hasReasoning: true,
      }),
      call("tool_call_started", 1, "e", { toolId: "mcp/0b9f3a52-7d0c-4c1e-9a51-3e2f6d1c0a11:echo" }),
      call("tool_call_completed", 1, "e", { elapsedMs: 39 }),
      call("tool_call_started", 1, "w", { toolId: "builtin:workspace.write_file" }),
      ev("workspace_file_written", { invocationId: "inv_root", path: "output/main.md", chars: 12 }),
      ev("checkpoint_created", { checkpointId: "cp_000001", reason: "tool_workspace_write" }),
      call("tool_call_completed", 1, "w", { elapsedMs: 4 }),
      ev("model_completed", { round: 2, invocationId: "inv_root", hasReasoning: false }),
      call("tool_call_started", 2, "c", { toolId: "builtin:workspace.commit" }),
      ev("checkpoint_created", { checkpointId: "cp_000002", reason: "chat_commit" }),
      ev("chat_commit_completed", { commitId: "commit_a", messageId: "m1", messageIndex: 4 }),
      call("tool_call_completed", 2, "c"),
      call("tool_call_started", 2, "bad"),
      call("tool_call_failed", 2, "bad", {
        errorCode: "tool.invalid_arguments",
        message: "Tool arguments must be a JSON object.",
      }),
      ev("commit_reverted", { commitId: "commit_a", messageId: "m1", action: "removed" }),
      ev("run_failed", { code: "mcp.call_outcome_unknown", message: "The MCP tool may have executed." }),
    ];
    const timeline = buildTimeline(events);
    expect(timeline.rounds.map((r) => r.key)).toEqual(["inv_root/1", "inv_root/2"]);
    const [one, two] = timeline.rounds;
    expect(one!.narration).toEqual({ text: "Checking.", truncated: false });
    expect(one!.hasReasoning).toBe(true);
    expect(one!.failedAttempts).toEqual([
      { attempt: 1, code: "model.provider_rate_limited", message: "slow down", willRetry: true },
    ]);
    expect(one!.calls.map((c) => [c.name, c.status, c.elapsedMs])).toEqual([
      ["mcp__Everything__echo", "done", 39],
      ["w", "done", 4],
    ]);
    expect(one!.calls[0]!.writes).toEqual([]);
    expect(one!.calls[1]!.writes).toEqual([
      { path: "output/main.md", kind: "write", chars: 12, checkpointId: "cp_000001" },
    ]);
    expect(two!.calls[0]!.commit).toEqual({
      commitId: "commit_a",
      messageId: "m1",
      messageIndex: 4,
      checkpointId: "cp_000002",
      reverted: true,
    });
    expect(two!.calls[1]).toMatchObject({ status: "failed", errorCode: "tool.invalid_arguments" });
    expect(timeline.failure).toEqual({ code: "mcp.call_outcome_unknown", message: "The MCP tool may have executed." });
    expect(timeline.connectionId).toBe("conn_1");
    expect(checkpointBefore(timeline, "cp_000002")).toBe("cp_000001");
    expect(checkpointBefore(timeline, "cp_000001")).toBeNull();
  });

  it("a failed attempt reads 'will be retried' until the retry starts, then 'was retried'; a last one reads failed", () => {
    const outcomes = (events: AgentRunEvent[]) => {
      const [round] = buildTimeline(events).rounds;
      return round!.failedAttempts.map((a) => attemptOutcome(round!, a));
    };
    const first = [started(1), failed(1, true)];
    expect(outcomes(first)).toEqual(["retrying"]);
    expect(outcomes([...first, started(2)])).toEqual(["retried"]);
    expect(outcomes([...first, started(2), failed(2, false)])).toEqual(["retried", "final"]);
    expect(outcomes([...first, started(2), ev("model_completed", { round: 1, invocationId: "inv_root" })])).toEqual([
      "retried",
    ]);
  });

  it("a call reads waiting, then awaiting approval while the user decides, then running and done", () => {
    const at = (type: string, extra: Record<string, unknown> = {}) =>
      ev(type, { round: 1, invocationId: "inv_root", callId: "ask1", name: "mcp__Everything__echo", ...extra });
    const statuses: string[] = [];
    const events: AgentRunEvent[] = [];
    for (const event of [
      at("tool_call_requested", { toolId: "mcp/0b9f3a52-7d0c-4c1e-9a51-3e2f6d1c0a11:echo" }),
      at("tool_call_awaiting_approval", { approvalId: "apr_1" }),
      at("tool_call_approved", { approvalId: "apr_1" }),
      at("tool_call_started"),
      at("tool_call_completed", { elapsedMs: 12 }),
      // A late or replayed event never reopens a settled call.
      at("tool_call_awaiting_approval", { approvalId: "apr_1" }),
    ]) {
      events.push(event);
      statuses.push(buildTimeline(events).rounds[0]!.calls[0]!.status);
    }
    expect(statuses).toEqual(["waiting", "awaiting_approval", "waiting", "running", "done", "done"]);
  });

  it.each(["run_cancelled", "run_failed", "run_partial_success", "run_completed"])(
    "when the run ends (%s), a call that never started reads not run, a running one interrupted; settled ones keep their status",
    (end) => {
      const at = (type: string, callId: string, extra: Record<string, unknown> = {}) =>
        ev(type, { round: 1, invocationId: "inv_root", callId, name: callId, ...extra });
      const events = [
        // The turn's calls as the model made them: "e" is never requested.
        ev("model_completed", {
          round: 1,
          invocationId: "inv_root",
          toolCallCount: 5,
          toolCalls: ["a", "b", "c", "d", "e"].map((callId) => ({ callId, name: `tool_${callId}` })),
        }),
        at("tool_call_requested", "a"),
        at("tool_call_started", "a"),
        at("tool_call_failed", "a", { errorCode: "model.unknown_tool_call", message: "No such tool." }),
        at("tool_call_requested", "b"),
        at("tool_call_requested", "c"),
        at("tool_call_awaiting_approval", "c", { approvalId: "apr_1" }),
        at("tool_call_requested", "d"),
        at("tool_call_started", "d"),
      ];
      const live = buildTimeline(events).rounds[0]!.calls;
      expect(live.map((c) => [c.callId, c.status])).toEqual([
        ["a", "failed"],
        ["b", "waiting"],
        ["c", "awaiting_approval"],
        ["d", "running"],
        ["e", "waiting"],
      ]);
      expect(live[4]!.name).toBe("tool_e");
      const ended = buildTimeline([...events, ev(end, {})]).rounds[0]!.calls.map((c) => c.status);
      expect(ended).toEqual(["failed", "not_run", "not_run", "interrupted", "not_run"]);
    },
  );

  it("a model attempt that never answered is cut off when the run ends; an answered one is not", () => {
    const waiting = [started(1)];
    expect(buildTimeline(waiting).rounds[0]!.cutOff).toBeUndefined();
    expect(buildTimeline([...waiting, ev("run_cancelled", {})]).rounds[0]!.cutOff).toBe(true);
    const answered = [started(1), ev("model_completed", { round: 1, invocationId: "inv_root", toolCallCount: 0 })];
    expect(buildTimeline([...answered, ev("run_completed", {})]).rounds[0]!.cutOff).toBeUndefined();
    const failedLast = [started(1), failed(1, false), ev("run_failed", { code: "model.stream_failed", message: "x" })];
    expect(buildTimeline(failedLast).rounds[0]!.cutOff).toBeUndefined();
    // Cancelled while it waited to retry: the announced retry never comes.
    const waitingToRetry = [started(1), failed(1, true)];
    const live = buildTimeline(waitingToRetry).rounds[0]!;
    expect(attemptOutcome(live, live.failedAttempts[0]!)).toBe("retrying");
    const cancelled = buildTimeline([...waitingToRetry, ev("run_cancelled", {})]).rounds[0]!;
    expect(cancelled.cutOff).toBe(true);
    expect(attemptOutcome(cancelled, cancelled.failedAttempts[0]!)).toBe("final");
  });

  it("a later Ask call of the turn, asked before it is requested, reads awaiting approval in its place", () => {
    const call = (type: string, callId: string, extra: Record<string, unknown> = {}) =>
      ev(type, { round: 1, invocationId: "inv_root", callId, name: `mcp__Everything__${callId}`, ...extra });
    const round = buildTimeline([
      call("tool_call_requested", "first"),
      call("tool_call_awaiting_approval", "first", { approvalId: "apr_1" }),
      call("tool_call_awaiting_approval", "second", { approvalId: "apr_2", toolId: "mcp/x:second" }),
      call("tool_call_approved", "first", { approvalId: "apr_1" }),
      call("tool_call_started", "first"),
      call("tool_call_completed", "first"),
      call("tool_call_requested", "second"),
    ]).rounds[0]!;
    expect(round.calls.map((c) => [c.callId, c.name, c.status])).toEqual([
      ["first", "mcp__Everything__first", "done"],
      ["second", "mcp__Everything__second", "awaiting_approval"],
    ]);
  });

  it("keeps rounds of different invocations apart", () => {
    const timeline = buildTimeline([
      ev("model_call_attempt_started", { round: 1, invocationId: "inv_root" }),
      ev("model_call_attempt_started", { round: 1, invocationId: "inv_child" }),
    ]);
    expect(timeline.rounds.map((r) => r.key)).toEqual(["inv_root/1", "inv_child/1"]);
  });

  it("shows live text and 'the model is writing' only for the round's current attempt, from the journal", () => {
    const live = (attempt: number, change: { round?: number; invocationId?: string } = {}) => {
      const view = { invocationId: "inv_root", round: 1, attempt, text: "Partial text", lastSeq: 3, ...change };
      return { lastSeq: 3, views: { [view.invocationId]: view } };
    };
    const at = (...events: AgentRunEvent[]) => buildTimeline(events).rounds[0]!;

    // Attempt 1 streams: its text shows, and every device says the model is writing.
    expect(liveFor(at(started(1)), live(1))).not.toBeNull();
    expect(modelAtWork(at(started(1)))).toBe(true);
    // It fails and waits to retry: nothing is at work, its text still shows until the next attempt.
    expect(modelAtWork(at(started(1), failed(1, true)))).toBe(false);
    expect(liveFor(at(started(1), failed(1, true)), live(1))).not.toBeNull();
    // Attempt 2 starts: attempt 1's text is gone on every device, the model is at work again.
    const second = at(started(1), failed(1, true), started(2));
    expect(liveFor(second, live(1))).toBeNull();
    expect(liveFor(second, live(2))).not.toBeNull();
    expect(modelAtWork(second)).toBe(true);
    // Another round's or invocation's stream never shows here; an answered round is not at work.
    expect(liveFor(second, live(2, { round: 2 }))).toBeNull();
    expect(liveFor(second, live(2, { invocationId: "inv_child" }))).toBeNull();
    expect(modelAtWork(at(started(1), ev("model_completed", { round: 1, invocationId: "inv_root" })))).toBe(false);
  });
});
