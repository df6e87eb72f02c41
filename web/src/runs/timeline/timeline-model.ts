/**
 * The run timeline as data (issue [web-timeline]; docs/spec/journal.md event types): the journal
 * folded into rounds keyed by `invocationId/round` (delegated invocations will nest by their own
 * id), each with the model's narration, failed attempts and tool calls; each call with the
 * workspace writes, checkpoints and commits that happened while it ran. Pure: the run page
 * re-folds on every event.
 */
import type { AgentRunEvent } from "../../api/types";

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
  status: "running" | "done" | "failed";
  errorCode?: string;
  message?: string;
  elapsedMs?: number;
  writes: TimelineWrite[];
  commit?: TimelineCommit;
}

export interface TimelineRound {
  key: string;
  invocationId: string;
  round: number;
  startedAt: string;
  /** When the model answered (model_completed). */
  answeredAt?: string;
  narration?: { text: string; truncated: boolean };
  hasReasoning: boolean;
  failedAttempts: Array<{ attempt?: number; code: string; message: string; willRetry: boolean }>;
  calls: TimelineCall[];
  guidance: string[];
}

export interface Timeline {
  rounds: TimelineRound[];
  /** Checkpoint ids in the order they were made. */
  checkpoints: string[];
  commits: TimelineCommit[];
  failure?: { code: string; message: string };
  connectionId?: string;
}

const roundKey = (inv: string, round: number) => `${inv}/${round}`;

export function buildTimeline(events: readonly AgentRunEvent[]): Timeline {
  const rounds = new Map<string, TimelineRound>();
  const timeline: Timeline = { rounds: [], checkpoints: [], commits: [] };
  let current: TimelineCall | undefined;
  let lastWrite: TimelineWrite | undefined;
  let lastCommitCheckpoint: string | undefined;
  const roundOf = (p: Payload, at: string): TimelineRound | undefined => {
    const round = num(p.round);
    if (round === undefined) return undefined;
    const inv = str(p.invocationId) ?? "inv_root";
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
      timeline.rounds.push(found);
    }
    return found;
  };
  for (const event of events) {
    const p = (event.payload && typeof event.payload === "object" ? event.payload : {}) as Payload;
    switch (event.type) {
      case "model_call_attempt_started":
        roundOf(p, event.timestamp);
        break;
      case "model_completed": {
        const round = roundOf(p, event.timestamp);
        if (!round) break;
        round.answeredAt = event.timestamp;
        round.hasReasoning = p.hasReasoning === true;
        const narration = p.narration as Payload | undefined;
        if (narration && typeof narration.text === "string")
          round.narration = { text: narration.text, truncated: narration.truncated === true };
        break;
      }
      case "model_call_attempt_failed":
        roundOf(p, event.timestamp)?.failedAttempts.push({
          ...(num(p.attempt) !== undefined ? { attempt: num(p.attempt)! } : {}),
          code: str(p.code) ?? "",
          message: str(p.message) ?? "",
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
        let call = round.calls.find((c) => c.callId === callId);
        if (!call) {
          call = {
            key: `${round.key}/${callId}`,
            callId,
            invocationId: round.invocationId,
            round: round.round,
            name: str(p.name) ?? callId,
            toolId: str(p.toolId) ?? null,
            status: "running",
            writes: [],
          };
          round.calls.push(call);
        }
        current = call;
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
        if (!path || !current) break;
        lastWrite = {
          path,
          kind: event.type === "workspace_file_written" ? "write" : "patch",
          ...(num(p.chars) !== undefined ? { chars: num(p.chars)! } : {}),
        };
        current.writes.push(lastWrite);
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
        if (current) current.commit = commit;
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
        timeline.failure = { code: str(p.code) ?? "", message: str(p.message) ?? "" };
        break;
    }
  }
  return timeline;
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
