/**
 * The delegation part of the timeline fold (docs/spec/agent-delegation.md §7, §7.1): sub-agent
 * tasks nested under the parent's `agent.delegate` call that created them (the task's
 * `delegateCallId` / `delegateRound` in the parent's invocation), with the child's own rounds, its
 * status (queued, running, completed = returned, failed, cancelled) and its `task.return`; the
 * tasks an `agent.await` call received; a handoff as the run passing to another profile. Pure:
 * called by buildTimeline (timeline-model.ts) for each event, in journal order.
 */
import type { TaskStatus } from "../../../../src/contracts/agent-delegation";
import type { TimelineCall, TimelineRound } from "./timeline-model";

type Payload = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : undefined;

/** A sub-agent task: drawn under the `agent.delegate` call that created it. */
export interface TimelineTask {
  taskId: string;
  parentInvocationId: string;
  childInvocationId: string;
  /** The sub-agent's profile. */
  profileId: string;
  title?: string;
  status: TaskStatus;
  error?: { code: string; message: string };
  /**
   * The key of the child's round whose last model attempt already shows `error` (same code): the
   * box then shows the failure once, in that round, not again as the task's error.
   */
  errorInRound?: string;
  /** What `task.return` recorded (the summary itself is read from the run's invocations). */
  returned?: { status: "completed" | "failed"; summaryChars?: number; summaryRef?: string; resultRef?: string };
  /** The child's rounds, in journal order. */
  rounds: TimelineRound[];
}

/**
 * An `agent.await` call: the tasks it asked for and, once it returned, the finished ones split by
 * how they ended — `received` (completed: a result came back), `failed`, `cancelled`.
 */
export interface TimelineAwait {
  mode: string;
  asked: string[];
  received: string[];
  failed: string[];
  cancelled: string[];
  done: boolean;
  timedOut: boolean;
}

/** An `agent.handoff` call: the run passing to `targetProfileId` (accepted once the new invocation exists). */
export interface TimelineHandoff {
  targetProfileId: string;
  newInvocationId?: string;
  accepted: boolean;
}

/** What the timeline knows of each invocation (root, sub-agent, handoff). */
export interface TimelineInvocation {
  invocationId: string;
  kind: "root" | "subagent" | "handoff";
  profileId?: string;
  parentInvocationId?: string;
}

/** The fold's view of the rest of the timeline (timeline-model.ts). */
export interface DelegationContext {
  /** The call `(invocationId, round, callId)`, created (named `name`) when not seen yet. */
  callOf(invocationId: string, round: number, callId: string, at: string, name: string): TimelineCall;
  tasks: Map<string, TimelineTask>;
  /** Child invocation id → its task (return-mode children only: their rounds nest). */
  taskOfChild: Map<string, TimelineTask>;
  invocations: Map<string, TimelineInvocation>;
  /** Last `agent.handoff` call per source invocation. */
  handoffCalls: Map<string, TimelineCall>;
}

const TASK_STATUS_OF: Record<string, TaskStatus> = {
  agent_task_queued: "queued",
  agent_task_started: "running",
  agent_task_completed: "completed",
  agent_task_failed: "failed",
  agent_task_cancelled: "cancelled",
};

/** The invocation an event is about: `payload.invocationId`, else its `eventScope`, else the root. */
export function invocationOf(p: Payload): string {
  const scope = p.eventScope as Payload | undefined;
  return str(p.invocationId) ?? str(scope?.invocationId) ?? "inv_root";
}

function errorOf(p: Payload): { code: string; message: string } | undefined {
  const e = (p.error && typeof p.error === "object" ? p.error : p) as Payload;
  const code = str(e.code);
  return code ? { code, message: str(e.message) ?? "" } : undefined;
}

function noteInvocation(ctx: DelegationContext, p: Payload, fallbackKind: TimelineInvocation["kind"]): void {
  const id = invocationOf(p);
  const known = ctx.invocations.get(id);
  const kind = (["root", "subagent", "handoff"] as const).find((k) => k === p.kind) ?? known?.kind ?? fallbackKind;
  const profileId = str(p.profileId) ?? known?.profileId;
  const parent = str(p.parentInvocationId) ?? known?.parentInvocationId;
  ctx.invocations.set(id, {
    invocationId: id,
    kind,
    ...(profileId ? { profileId } : {}),
    ...(parent ? { parentInvocationId: parent } : {}),
  });
}

function registerTask(ctx: DelegationContext, p: Payload, at: string): void {
  const taskId = str(p.taskId);
  const child = str(p.childInvocationId);
  if (!taskId || !child) return;
  const parent = str(p.parentInvocationId) ?? invocationOf(p);
  const target = str(p.targetProfileId) ?? "";
  if (p.continuation === "transfer_control") {
    ctx.invocations.set(child, { invocationId: child, kind: "handoff", profileId: target, parentInvocationId: parent });
    return;
  }
  let task = ctx.tasks.get(taskId);
  if (!task) {
    task = {
      taskId,
      parentInvocationId: parent,
      childInvocationId: child,
      profileId: target,
      status: "queued",
      rounds: [],
    };
    ctx.tasks.set(taskId, task);
    ctx.taskOfChild.set(child, task);
    if (!ctx.invocations.has(child))
      ctx.invocations.set(child, {
        invocationId: child,
        kind: "subagent",
        profileId: target,
        parentInvocationId: parent,
      });
  }
  const title = str(p.title);
  if (title) task.title = title;
  const callId = str(p.delegateCallId);
  const round = num(p.delegateRound);
  if (callId && round !== undefined) ctx.callOf(parent, round, callId, at, "agent_delegate").task = task;
}

/** Records the task's failure and whether its last round's final model attempt already shows it. */
function setError(task: TimelineTask, error: { code: string; message: string }): void {
  task.error = error;
  const last = task.rounds[task.rounds.length - 1];
  const attempt = last?.failedAttempts[last.failedAttempts.length - 1];
  if (last && attempt && !attempt.willRetry && attempt.code === error.code) task.errorInRound = last.key;
  else delete task.errorInRound;
}

function taskFor(ctx: DelegationContext, p: Payload): TimelineTask | undefined {
  const byId = str(p.taskId);
  return (byId ? ctx.tasks.get(byId) : undefined) ?? ctx.taskOfChild.get(str(p.childInvocationId) ?? invocationOf(p));
}

function finishAwait(ctx: DelegationContext, call: TimelineCall, p: Payload): void {
  const awaited = call.awaited ?? {
    mode: str(p.mode) ?? "nextCompleted",
    asked: [],
    received: [],
    failed: [],
    cancelled: [],
    done: false,
    timedOut: false,
  };
  const explicit = strings(p.receivedTaskIds) ?? strings(p.taskIds);
  const asked = awaited.asked.length > 0 ? awaited.asked : (explicit ?? []);
  const ended = (status: TaskStatus) => asked.filter((id) => ctx.tasks.get(id)?.status === status);
  awaited.received = ended("completed");
  awaited.failed = ended("failed");
  awaited.cancelled = ended("cancelled");
  awaited.done = true;
  awaited.timedOut = p.timedOut === true;
  call.awaited = awaited;
}

/** Folds one delegation event into the timeline; false when `type` is not a delegation event. */
export function foldDelegation(ctx: DelegationContext, type: string, p: Payload, at: string): boolean {
  switch (type) {
    case "profile_resolved":
      noteInvocation(ctx, { ...p, invocationId: invocationOf(p) }, "root");
      return true;
    case "agent_task_registered":
      registerTask(ctx, p, at);
      return true;
    case "agent_invocation_created":
    case "agent_invocation_started":
      noteInvocation(ctx, p, "subagent");
      return true;
    case "agent_task_queued":
    case "agent_task_started":
    case "agent_task_completed":
    case "agent_task_failed":
    case "agent_task_cancelled": {
      const task = taskFor(ctx, p);
      if (!task) return true;
      task.status = TASK_STATUS_OF[type]!;
      const error = type === "agent_task_failed" || type === "agent_task_cancelled" ? errorOf(p) : undefined;
      if (error) setError(task, error);
      return true;
    }
    case "agent_child_invocation_failed": {
      const task = taskFor(ctx, p);
      const error = errorOf(p);
      if (task && error && !task.error) setError(task, error);
      return true;
    }
    case "task_return_recorded":
    case "task_return_completed": {
      const task = taskFor(ctx, p);
      if (!task) return true;
      const chars = num(p.summaryChars) ?? task.returned?.summaryChars;
      const summaryRef = str(p.summaryRef) ?? task.returned?.summaryRef;
      const resultRef = str(p.resultRef) ?? task.returned?.resultRef;
      task.returned = {
        status: p.status === "failed" ? "failed" : "completed",
        ...(chars !== undefined ? { summaryChars: chars } : {}),
        ...(summaryRef ? { summaryRef } : {}),
        ...(resultRef ? { resultRef } : {}),
      };
      return true;
    }
    case "agent_await_started": {
      const callId = str(p.callId);
      const round = num(p.round);
      if (!callId || round === undefined) return true;
      const inv = invocationOf(p);
      const call = ctx.callOf(inv, round, callId, at, "agent_await");
      const named = strings(p.taskIds) ?? [];
      const asked =
        named.length > 0
          ? named
          : [...ctx.tasks.values()].filter((t) => t.parentInvocationId === inv).map((t) => t.taskId);
      call.awaited = {
        mode: str(p.mode) ?? "nextCompleted",
        asked,
        received: [],
        failed: [],
        cancelled: [],
        done: false,
        timedOut: false,
      };
      return true;
    }
    case "agent_await_completed": {
      const callId = str(p.callId);
      const round = num(p.round);
      if (callId && round !== undefined)
        finishAwait(ctx, ctx.callOf(invocationOf(p), round, callId, at, "agent_await"), p);
      return true;
    }
    case "agent_handoff_requested": {
      const callId = str(p.callId);
      const round = num(p.round);
      if (!callId || round === undefined) return true;
      const call = ctx.callOf(invocationOf(p), round, callId, at, "agent_handoff");
      call.handoff = { targetProfileId: str(p.targetProfileId) ?? "", accepted: false };
      ctx.handoffCalls.set(invocationOf(p), call);
      return true;
    }
    case "agent_handoff_accepted": {
      const source = str(p.sourceInvocationId) ?? invocationOf(p);
      const target = str(p.targetProfileId) ?? "";
      const created = str(p.newInvocationId);
      if (created)
        ctx.invocations.set(created, {
          invocationId: created,
          kind: "handoff",
          profileId: target,
          parentInvocationId: source,
        });
      const call = ctx.handoffCalls.get(source);
      if (call)
        call.handoff = {
          targetProfileId: target || call.handoff?.targetProfileId || "",
          accepted: true,
          ...(created ? { newInvocationId: created } : {}),
        };
      return true;
    }
    default:
      return false;
  }
}
