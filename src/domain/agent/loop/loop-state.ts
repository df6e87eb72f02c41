/**
 * The agent loop's persisted step-machine state (issue [agent-loop]; docs/spec/agent-runtime.md §3, §4).
 * Stored as JSON in `te_agent_loop` between steps; each step (one model call or one tool call)
 * reads it, does its one thing, writes it back and schedules the next step.
 *
 * Phases: `initialize` (workspace, invocation, persistent projection, tool snapshot, context) →
 * `model` (one model call of round `round`, attempt `attempt`) → `tool` (call `nextCall` of the
 * current turn) … → `finish` (promote persistent state, metadata, completed) → `done`.
 */
import type { FrozenPrefix } from "../../chats/prefix";
import type { ModelProviderState } from "../../models/ir";
import type { ToolRequestGateState } from "../../tools/request-gate";
import type { ErrorCode } from "../../errors";

export type LoopPhase = "initialize" | "model" | "tool" | "finish" | "done";

/** What the run commits to (docs/spec/workspace.md §3): normal appends; regenerate/continue replace; swipe adds a swipe. */
export interface CommitTarget {
  kind: "append" | "replace" | "swipe";
  /** Target message for replace/swipe (the floor being regenerated / swiped). */
  messageId?: string;
  revision?: number;
}

/** One commit in the run's ledger (docs/spec/workspace.md §3.1 (commit ledger)). */
export interface CommitLedgerEntry {
  commitId: string;
  callId: string;
  path: string;
  mode: "replace" | "append";
  messageId: string;
  messageIndex: number;
  /** Message revision right after this commit (the next commit replaces against it). */
  revision: number;
  round: number;
  checkpointId: string;
  /** ms epoch */
  committedAt: number;
}

/** One tool call of the current turn, as the gate decided it. */
export interface PendingCall {
  callId: string;
  /** The name the model used (alias). */
  name: string;
  toolId?: string;
  decision: "dispatch" | "recoverable" | "fatal";
  code?: ErrorCode;
  message?: string;
  /** Name of the tool-args document (raw arguments text). */
  argsPath: string;
  /**
   * `dispatched`: journaled as started, waiting for an outbound slot (not sent; a re-run sends it
   * without journaling the start again). `started` is persisted before an MCP request leaves, so
   * a re-run never sends it twice (OutcomeUnknown instead). `awaiting`: journaled as requested,
   * its tool is set to Ask and the call waits for the user's decision on `approvalId`
   * (docs/spec/approvals.md); the run is parked (no step scheduled) until the approval ends.
   */
  status: "pending" | "awaiting" | "dispatched" | "started" | "waiting_tasks" | "done";
  /**
   * `waiting_tasks`: an `agent.await` parked until one of its tasks ends or this time (ms epoch)
   * passes (docs/spec/agent-delegation.md §3); the invocation holds no step meanwhile.
   */
  awaitUntil?: number;
  /**
   * The approval this call waits on or was decided by (set when its turn asked; later Ask calls of
   * the same turn are asked together with the first, docs/spec/approvals.md).
   */
  approvalId?: string;
  /**
   * For a `started` MCP call: when it began and the latest time (ms epoch) the gateway can still be
   * working on it (`startedAt + LoopDeps.mcpStepMs`; progress keeps a call alive up to its
   * 10 min cap, docs/spec/hardening.md "Long tool calls"). The run watchdog judges an in-flight
   * call by `deadlineAt`, not by a fixed step time. Absent for builtin tools and older states.
   */
  startedAt?: number;
  deadlineAt?: number;
}

/** What a non-root invocation is (docs/spec/agent-delegation.md §1, §4); absent for the root. */
export interface InvocationInfo {
  /** `subagent`: a return-mode child; `handoff`: the run's foreground after agent.handoff. */
  kind: "subagent" | "handoff";
  profileId: string;
  taskId: string;
  parentInvocationId: string;
  workspaceKey: string;
}

export interface LoopState {
  schemaVersion: 1;
  runId: string;
  invocationId: string;
  /** Set for a child invocation; absent for `inv_root`. */
  invocation?: InvocationInfo;
  /** Set by a successful task.return: the child ends after this call (docs/spec/agent-delegation.md §3). */
  taskReturned?: boolean;
  phase: LoopPhase;
  /** Current round, 1-based (0 before the first model call). */
  round: number;
  /** Model attempt within the round, 1-based. */
  attempt: number;
  /**
   * The model attempt whose request may be on the wire (saved before it leaves, cleared with the
   * step's result; `since` ms epoch). Found set by a step = the attempt was interrupted by a
   * restart (docs/decisions/1800).
   */
  modelInFlight?: { attempt: number; since: number } | null;
  /** Attempts of this round lost to restarts (not counted against the retry budget). */
  interruptedAttempts?: number;
  /** Number of conversation messages stored (`msg/NNNNNN`). */
  messageCount: number;
  providerState: ModelProviderState;
  gate: ToolRequestGateState;
  calls: PendingCall[];
  nextCall: number;
  /** Set when workspace.finish succeeded (the loop then goes to `finish`). */
  finished: boolean;
  driftCount: number;
  commits: CommitLedgerEntry[];
  frozenPrefix: FrozenPrefix;
  target: CommitTarget;
  /** Connection id the run uses (null = the user's default connection). */
  connectionId: string | null;
  /**
   * Model id used instead of the connection's own (a `connectionRef` profile's `modelId`,
   * docs/spec/profiles.md); null/absent = the connection's model.
   */
  modelId?: string | null;
  /** Where the binding came from (docs/spec/profiles.md hosted: request connection, the profile, the default). */
  modelSource?: "request" | "profile" | "default";
  /** Base persistent state projected at start (docs/spec/workspace.md §3). */
  persistBaseStateId: string | null;
}

/** A fresh state for a new run. */
export function initialLoopState(input: {
  runId: string;
  frozenPrefix: FrozenPrefix;
  target: CommitTarget;
  connectionId: string | null;
  persistBaseStateId: string | null;
  sessionId: string;
  modelId?: string | null;
  modelSource?: LoopState["modelSource"];
}): LoopState {
  return {
    schemaVersion: 1,
    runId: input.runId,
    invocationId: "inv_root",
    phase: "initialize",
    round: 0,
    attempt: 1,
    messageCount: 0,
    providerState: { sessionId: input.sessionId },
    gate: { totalCalls: 0, callsPerTool: {} },
    calls: [],
    nextCall: 0,
    finished: false,
    driftCount: 0,
    commits: [],
    frozenPrefix: input.frozenPrefix,
    target: input.target,
    connectionId: input.connectionId,
    modelId: input.modelId ?? null,
    ...(input.modelSource ? { modelSource: input.modelSource } : {}),
    persistBaseStateId: input.persistBaseStateId,
  };
}

/** Zero-padded round number used in paths (`round-001`). */
export function roundLabel(round: number): string {
  return `round-${String(round).padStart(3, "0")}`;
}

/** Document name of conversation message `n` (1-based). */
export function messageDocName(n: number): string {
  return `msg/${String(n).padStart(6, "0")}`;
}

/**
 * Prefix of a non-root invocation's own hidden documents (`invocations/<id>/`; docs/spec/agent-delegation.md
 * §4); "" for the root, whose documents keep their original names.
 */
export function invocationDocPrefix(invocationId: string): string {
  return invocationId === "inv_root" ? "" : `invocations/${invocationId}/`;
}

/** `model-responses/round-NNN.json` (docs/spec/workspace.md §1), under the invocation's prefix. */
export function modelResponsePath(round: number, invocationId = "inv_root"): string {
  return `${invocationDocPrefix(invocationId)}model-responses/${roundLabel(round)}.json`;
}
