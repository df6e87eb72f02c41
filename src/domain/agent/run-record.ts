/**
 * The run record and its projections (docs/spec/agent-runtime.md §3, §9): `AgentRunHandle` and
 * `AgentRunSummary`. Times are ms epoch in the record and RFC 3339 UTC in the projections.
 */
import type { AgentRunStatus } from "./run-status";

export const GENERATION_TYPES = ["normal", "regenerate", "swipe", "continue", "quiet", "impersonate"] as const;
export type GenerationType = (typeof GENERATION_TYPES)[number];

export const PRESENTATIONS = ["foreground", "background"] as const;
export type Presentation = (typeof PRESENTATIONS)[number];

/**
 * Which chat a run works on (docs/spec/agent-runtime.md §2 chatRef, tagged by kind). Hosted chats are kind `character`
 * identified by their id (= stableChatId): `{kind:"character", chatId}` is the hosted default;
 * the TauriTavern shapes `{kind:"character", characterId, fileName}` / `{kind:"group", chatId}` are
 * kept as given.
 */
export type ChatRef = { kind: "character" | "group"; [field: string]: unknown };

export interface SkillScopeRefs {
  preset?: { apiId: string; name: string };
  characterId?: string;
}

export interface CommittedMessageRef {
  commitId: string;
  messageId: string;
  messageIndex?: number;
  /** ms epoch */
  committedAt: number;
}

/** What a waiting run waits on (docs/spec/scheduling.md "waitingOn"). */
export const WAITING_KINDS = ["model", "tool", "approval", "child", "queue"] as const;
export type WaitingKind = (typeof WAITING_KINDS)[number];

/** `waitingOn` as stored: `since` in ms epoch, `detail` a short sentence or name (e.g. the tool). */
export interface WaitingOn {
  kind: WaitingKind;
  since: number;
  detail?: string;
}

/** A stored run (one row of te_runs). */
export interface AgentRunRecord {
  runId: string;
  workspaceId: string;
  stableChatId: string;
  chatRef: ChatRef;
  generationType: GenerationType;
  profileId: string | null;
  skillScopeRefs: SkillScopeRefs | null;
  persistBaseStateId: string | null;
  inputMessageCount: number | null;
  presentation: Presentation;
  status: AgentRunStatus;
  createdAt: number;
  updatedAt: number;
  terminalAt: number | null;
  commitCount: number;
  committedMessage: CommittedMessageRef | null;
  /** What the run waits on now (null when not waiting); cleared when it ends. */
  waitingOn: WaitingOn | null;
  /** ms epoch when retention slimmed the run (docs/spec/retention-usage.md), null while whole. */
  slimmedAt: number | null;
}

/** `AgentRunHandle` (docs/spec/agent-runtime.md §9). */
export interface AgentRunHandle {
  runId: string;
  status: AgentRunStatus;
  workspaceId: string;
  stableChatId: string;
  generationType: GenerationType;
}

/** `AgentRunSummary` (docs/spec/agent-runtime.md §9); optional fields are omitted when unset. */
export interface AgentRunSummary {
  runId: string;
  workspaceId: string;
  stableChatId: string;
  chatRef: ChatRef;
  generationType: GenerationType;
  profileId?: string;
  skillScopeRefs?: SkillScopeRefs;
  persistBaseStateId?: string;
  inputMessageCount?: number;
  presentation: Presentation;
  status: AgentRunStatus;
  createdAt: string;
  updatedAt: string;
  commitCount: number;
  committedMessage?: { commitId: string; messageId: string; messageIndex?: number; committedAt: string };
  terminalAt?: string;
  /** Set once retention slimmed the run: its journal stays, its workspace and documents are gone (410 agent.run_slimmed). */
  slimmedAt?: string;
  /** What the run waits on (`since` RFC 3339), null when not waiting (docs/spec/scheduling.md). */
  waitingOn: WaitingOnView | null;
  /** The chat's title now (list and get routes; null when the chat was deleted since). */
  chatTitle?: string | null;
}

/** `waitingOn` on the wire: `since` as RFC 3339 UTC. */
export interface WaitingOnView {
  kind: WaitingKind;
  since: string;
  detail?: string;
}

/** The wire form of a stored `waitingOn`. */
export function toWaitingOnView(waiting: WaitingOn | null): WaitingOnView | null {
  if (!waiting) return null;
  return {
    kind: waiting.kind,
    since: new Date(waiting.since).toISOString(),
    ...(waiting.detail ? { detail: waiting.detail } : {}),
  };
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function toRunHandle(run: AgentRunRecord): AgentRunHandle {
  return {
    runId: run.runId,
    status: run.status,
    workspaceId: run.workspaceId,
    stableChatId: run.stableChatId,
    generationType: run.generationType,
  };
}

export function toRunSummary(run: AgentRunRecord): AgentRunSummary {
  const committed = run.committedMessage;
  return {
    runId: run.runId,
    workspaceId: run.workspaceId,
    stableChatId: run.stableChatId,
    chatRef: run.chatRef,
    generationType: run.generationType,
    ...(run.profileId !== null ? { profileId: run.profileId } : {}),
    ...(run.skillScopeRefs !== null ? { skillScopeRefs: run.skillScopeRefs } : {}),
    ...(run.persistBaseStateId !== null ? { persistBaseStateId: run.persistBaseStateId } : {}),
    ...(run.inputMessageCount !== null ? { inputMessageCount: run.inputMessageCount } : {}),
    presentation: run.presentation,
    status: run.status,
    createdAt: iso(run.createdAt),
    updatedAt: iso(run.updatedAt),
    commitCount: run.commitCount,
    ...(committed
      ? {
          committedMessage: {
            commitId: committed.commitId,
            messageId: committed.messageId,
            ...(committed.messageIndex !== undefined ? { messageIndex: committed.messageIndex } : {}),
            committedAt: iso(committed.committedAt),
          },
        }
      : {}),
    ...(run.terminalAt !== null ? { terminalAt: iso(run.terminalAt) } : {}),
    waitingOn: toWaitingOnView(run.waitingOn ?? null),
    ...(run.slimmedAt !== null ? { slimmedAt: iso(run.slimmedAt) } : {}),
  };
}

/** Position in the newest-first run list (`before {createdAt, runId}` of docs/spec/agent-runtime.md §9). */
export interface RunListCursor {
  createdAt: number;
  runId: string;
}

/** Run list filter (docs/spec/agent-runtime.md §9 listRuns): chat, statuses, cursor, limit (default 50, 1..200). */
export interface RunListFilter {
  stableChatId?: string;
  statuses?: AgentRunStatus[];
  before?: RunListCursor;
  limit?: number;
}

export const DEFAULT_RUN_PAGE = 50;
export const MAX_RUN_PAGE = 200;
