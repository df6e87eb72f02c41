/**
 * The run timeline as data (issue [web-timeline]; docs/spec/journal.md event types): the journal
 * folded into rounds keyed by `invocationId/round`, each with the model's narration, failed
 * attempts and tool calls; each call with the workspace writes, checkpoints and commits that
 * happened while it ran (per invocation: children run at the same time as their parent). A
 * sub-agent's rounds nest under the `agent.delegate` call that created it, an `agent.await` call
 * names the tasks it received, an `agent.handoff` call the profile the run passed to
 * (timeline-delegation.ts, docs/spec/agent-delegation.md §7.1). The top-level `rounds` are those of
 * the root and handoff invocations. Pure: the run page re-folds on every event.
 */
import type { AgentRunEvent } from "../../api/types";
import {
  type DelegationContext,
  foldDelegation,
  invocationOf,
  type TimelineAwait,
  type TimelineHandoff,
  type TimelineInvocation,
  type TimelineTask,
} from "./timeline-delegation";
import { closeRound, ENDED_TASK, isSettled } from "./round-state";

export type { TimelineAwait, TimelineHandoff, TimelineInvocation, TimelineTask };

type Payload = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

export interface TimelineWrite {
  path: string;
  kind: "write" | "patch";
  chars?: number;
  /** The checkpoint taken right after it (diff from the checkpoint before). */
  checkpointId?: string;
}

export interface TimelineCommit {
  commitId: string;
  messageId: string;
  messageIndex?: number;
  checkpointId?: string;
  reverted: boolean;
}

export interface TimelineCall {
  key: string;
  callId: string;
  invocationId: string;
  round: number;
  name: string;
  toolId: string | null;
  /**
   * `waiting`: requested, not started (an outbound slot, a later call of the turn);
   * `awaiting_approval`: its tool is set to Ask and the user has not decided; then `running`,
   * `done` or `failed`. When the run ends (completed, failed, partial success or cancelled) a call
   * without an outcome never gets one: `not_run` if it had not started (waiting, awaiting approval),
   * `interrupted` if it was running (e.g. an `agent.await` when the run was cancelled).
   */
  status: "waiting" | "awaiting_approval" | "running" | "done" | "failed" | "not_run" | "interrupted";
  errorCode?: string;
  message?: string;
  elapsedMs?: number;
  writes: TimelineWrite[];
  commit?: TimelineCommit;
  /** `agent.delegate`: the sub-agent task it created (its rounds nest here). */
  task?: TimelineTask;
  /** `agent.await`: the tasks it asked for and received. */
  awaited?: TimelineAwait;
  /** `agent.handoff`: the profile the run passed to. */
  handoff?: TimelineHandoff;
}

export interface TimelineRound {
  key: string;
  invocationId: string;
  round: number;
  startedAt: string;
  /** When the model answered (model_completed). */
  answeredAt?: string;
  /** The latest model attempt started for this round (model_call_attempt_started), when known. */
  attempt?: number;
  narration?: { text: string; truncated: boolean };
  hasReasoning: boolean;
  /** `details` carries the provider's own words (`providerMessage`) when it answered. */
  failedAttempts: Array<{ attempt?: number; code: string; message: string; details?: unknown; willRetry: boolean }>;
  /** How many tool calls the model made in this turn (model_completed), when known. */
  toolCallCount?: number;
  /** The round's agent stopped (the run ended, or the sub-agent ended) before the model answered. */
  cutOff?: boolean;
  calls: TimelineCall[];
  guidance: string[];
}

export interface Timeline {
  /** Rounds of the root and handoff invocations; a sub-agent's rounds are in its task. */
  rounds: TimelineRound[];
  /** Every sub-agent task, in the order they were registered. */
  tasks: TimelineTask[];
  /** Invocations by id (kind, profile, parent). */
  invocations: Record<string, TimelineInvocation>;
  /** Checkpoint ids in the order they were made. */
  checkpoints: string[];
  commits: TimelineCommit[];
  failure?: { code: string; message: string; details?: unknown };
  connectionId?: string;
}

const roundKey = (inv: string, round: number) => `${inv}/${round}`;

export function buildTimeline(events: readonly AgentRunEvent[]): Timeline {
  const rounds = new Map<string, TimelineRound>();
  const timeline: Timeline = { rounds: [], tasks: [], invocations: {}, checkpoints: [], commits: [] };
  let ended = false;
  const ctx: DelegationContext = {
    callOf: (inv, round, callId, at, name) => {
      const found = roundAt(inv, round, at);
      let call = found.calls.find((c) => c.callId === callId);
      if (!call) {
        call = newCall(found, callId, name, null);
        found.calls.push(call);
      }
      return call;
    },
    tasks: new Map(),
    taskOfChild: new Map(),
    invocations: new Map(),
    handoffCalls: new Map(),
  };
  /** The call running in each invocation (writes and commits attach to it). */
  const current = new Map<string, TimelineCall>();
  let lastWrite: TimelineWrite | undefined;
  let lastCommitCheckpoint: string | undefined;
  function roundAt(inv: string, round: number, at: string): TimelineRound {
    const key = roundKey(inv, round);
    let found = rounds.get(key);
    if (!found) {
      found = {
        key,
        invocationId: inv,
        round,
        startedAt: at,
        hasReasoning: false,
        failedAttempts: [],
        calls: [],
        guidance: [],
      };
      rounds.set(key, found);
      (ctx.taskOfChild.get(inv)?.rounds ?? timeline.rounds).push(found);
    }
    return found;
  }
  const roundOf = (p: Payload, at: string): TimelineRound | undefined => {
    const round = num(p.round);
    return round === undefined ? undefined : roundAt(invocationOf(p), round, at);
  };
  for (const event of events) {
    const p = (event.payload && typeof event.payload === "object" ? event.payload : {}) as Payload;
    switch (event.type) {
      case "model_call_attempt_started": {
        const round = roundOf(p, event.timestamp);
        const attempt = num(p.attempt);
        if (round && attempt !== undefined) round.attempt = Math.max(round.attempt ?? 0, attempt);
        break;
      }
      case "model_completed": {
        const round = roundOf(p, event.timestamp);
        if (!round) break;
        round.answeredAt = event.timestamp;
        round.hasReasoning = p.hasReasoning === true;
        if (num(p.toolCallCount) !== undefined) round.toolCallCount = num(p.toolCallCount)!;
        const narration = p.narration as Payload | undefined;
        if (narration && typeof narration.text === "string")
          round.narration = { text: narration.text, truncated: narration.truncated === true };
        // Every call of the turn, in the model's order: one the run never reaches still shows
        // (not run once the run ends).
        if (Array.isArray(p.toolCalls))
          for (const listed of p.toolCalls as Payload[]) {
            const callId = str(listed.callId);
            if (!callId) continue;
            const { call, added } = callIn(round, callId, listed);
            if (added) call.status = "waiting";
          }
        break;
      }
      case "model_call_attempt_failed":
        roundOf(p, event.timestamp)?.failedAttempts.push({
          ...(num(p.attempt) !== undefined ? { attempt: num(p.attempt)! } : {}),
          code: str(p.code) ?? "",
          message: str(p.message) ?? "",
          ...(p.details !== undefined ? { details: p.details } : {}),
          willRetry: p.willRetry === true,
        });
        break;
      case "user_guidance_applied": {
        const preview = str(p.preview);
        if (preview) roundOf(p, event.timestamp)?.guidance.push(preview);
        break;
      }
      case "tool_call_requested":
      case "tool_call_started": {
        const round = roundOf(p, event.timestamp);
        const callId = str(p.callId);
        if (!round || !callId) break;
        const { call, added } = callIn(round, callId, p);
        if (added) {
          if (event.type === "tool_call_requested") call.status = "waiting";
        } else {
          if (str(p.name)) call.name = str(p.name)!;
          if (str(p.toolId)) call.toolId = str(p.toolId)!;
          if (event.type === "tool_call_started" && !isSettled(call)) call.status = "running";
        }
        current.set(round.invocationId, call);
        break;
      }
      case "tool_call_awaiting_approval":
      case "tool_call_approved": {
        // The calls of a turn whose tools are Ask are asked together, before the later ones are
        // requested: such a call first appears here.
        const round = roundOf(p, event.timestamp);
        const callId = str(p.callId);
        if (!round || !callId) break;
        const { call } = callIn(round, callId, p);
        if (!isSettled(call))
          call.status = event.type === "tool_call_awaiting_approval" ? "awaiting_approval" : "waiting";
        break;
      }
      case "tool_call_completed":
      case "tool_call_failed": {
        const round = roundOf(p, event.timestamp);
        const call = round?.calls.find((c) => c.callId === str(p.callId));
        if (!call) break;
        call.status = event.type === "tool_call_completed" ? "done" : "failed";
        const code = str(p.errorCode) ?? str(p.code);
        if (code) call.errorCode = code;
        if (event.type === "tool_call_failed" && str(p.message)) call.message = str(p.message)!;
        if (num(p.elapsedMs) !== undefined) call.elapsedMs = num(p.elapsedMs)!;
        break;
      }
      case "workspace_file_written":
      case "workspace_patch_applied": {
        const path = str(p.path);
        const call = current.get(invocationOf(p));
        if (!path || !call) break;
        lastWrite = {
          path,
          kind: event.type === "workspace_file_written" ? "write" : "patch",
          ...(num(p.chars) !== undefined ? { chars: num(p.chars)! } : {}),
        };
        call.writes.push(lastWrite);
        break;
      }
      case "checkpoint_created": {
        const id = str(p.checkpointId);
        if (!id) break;
        timeline.checkpoints.push(id);
        if (p.reason === "chat_commit") lastCommitCheckpoint = id;
        else if (lastWrite && !lastWrite.checkpointId) lastWrite.checkpointId = id;
        break;
      }
      case "chat_commit_completed": {
        const commitId = str(p.commitId);
        const messageId = str(p.messageId);
        if (!commitId || !messageId) break;
        const commit: TimelineCommit = {
          commitId,
          messageId,
          ...(num(p.messageIndex) !== undefined ? { messageIndex: num(p.messageIndex)! } : {}),
          ...(lastCommitCheckpoint ? { checkpointId: lastCommitCheckpoint } : {}),
          reverted: false,
        };
        timeline.commits.push(commit);
        const call = current.get(invocationOf(p));
        if (call) call.commit = commit;
        break;
      }
      case "commit_reverted": {
        const commit = timeline.commits.find((c) => c.commitId === str(p.commitId));
        if (commit) commit.reverted = true;
        break;
      }
      case "agent_model_binding_resolved": {
        const connectionId = str(p.connectionId);
        if (connectionId) timeline.connectionId = connectionId;
        break;
      }
      case "run_failed":
      case "run_partial_success":
        timeline.failure = {
          code: str(p.code) ?? "",
          message: str(p.message) ?? "",
          // The provider's own words (details.providerMessage) stay beside the translation.
          ...(p.details !== undefined ? { details: p.details } : {}),
        };
        ended = true;
        break;
      case "run_completed":
      case "run_cancelled":
        ended = true;
        break;
      default:
        foldDelegation(ctx, event.type, p, event.timestamp);
    }
  }
  timeline.tasks = [...ctx.tasks.values()];
  timeline.invocations = Object.fromEntries(ctx.invocations);
  // Rounds whose agent stopped: every round once the run ended, else those of ended sub-agents.
  const stopped = ended
    ? [...rounds.values()]
    : timeline.tasks.filter((task) => ENDED_TASK.has(task.status)).flatMap((task) => task.rounds);
  for (const round of stopped) closeRound(round);
  return timeline;
}

/** The round's call `callId`, added (named from the event's payload) when the round has none yet. */
function callIn(round: TimelineRound, callId: string, p: Payload): { call: TimelineCall; added: boolean } {
  const known = round.calls.find((c) => c.callId === callId);
  if (known) return { call: known, added: false };
  const call = newCall(round, callId, str(p.name) ?? callId, str(p.toolId) ?? null);
  round.calls.push(call);
  return { call, added: true };
}

function newCall(round: TimelineRound, callId: string, name: string, toolId: string | null): TimelineCall {
  return {
    key: `${round.key}/${callId}`,
    callId,
    invocationId: round.invocationId,
    round: round.round,
    name,
    toolId,
    status: "running",
    writes: [],
  };
}

/** The checkpoint made before `checkpointId` (null for the first). */
export function checkpointBefore(timeline: Timeline, checkpointId: string): string | null {
  const i = timeline.checkpoints.indexOf(checkpointId);
  return i > 0 ? timeline.checkpoints[i - 1]! : null;
}

/** Whole seconds or ms of a duration, for "time per step". */
export function spanMs(from: string, to: string | undefined): number | undefined {
  if (!to) return undefined;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}
