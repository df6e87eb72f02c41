/**
 * The routes the timeline reads (docs/api.md "Agent run timeline", "Agent workspace"): one tool
 * call, the live model text, a model turn, the run's invocations and tasks, checkpoints, the tree
 * and a file at a checkpoint, the diff between two checkpoints, and guidance. Errors: `agent.run_not_found`,
 * `agent.tool_call_not_found`, `agent.run_slimmed` (410), `workspace.*`.
 */
import type { ApiClient } from "../../api/client";
import type {
  CommitRevertResult,
  InvocationStreamView,
  ModelStreamView,
  RestorePersistResult,
  ToolCallView,
} from "../../../../src/contracts/timeline-views";
import type { AgentRunInvocations } from "../../../../src/contracts/agent-delegation";

export type { AgentRunInvocations, InvocationStreamView, ModelStreamView, ToolCallView };

/** A run's live model text on this device: each invocation's latest attempt, and the last frame seen. */
export interface LiveStreams {
  lastSeq: number;
  views: Readonly<Record<string, InvocationStreamView>>;
}

export interface CheckpointView {
  id: string;
  seq: number;
  createdAt: string;
  reason: string;
  files: Array<{ path: string; sha256: string; bytes: number }>;
}
export interface TreeView {
  checkpointId: string | null;
  roots: unknown[];
  files: Array<{ path: string; sha256: string; bytes: number }>;
}
export interface FileView {
  path: string;
  bytes: number;
  chars: number;
  content: string;
}
export interface FileDiff {
  path: string;
  status: "added" | "modified" | "deleted";
  additions: number;
  deletions: number;
  diff: string | null;
  tooLarge: boolean;
}
export interface DiffView {
  from: string;
  to: string;
  truncated: boolean;
  files: FileDiff[];
}
export interface ModelTurnView {
  assistant: { text: string; truncated: boolean; totalChars: number };
  reasoning: Array<{ text: string; truncated: boolean }>;
}

const enc = encodeURIComponent;
const base = (runId: string) => `/agent/runs/${enc(runId)}`;
const pathOf = (path: string) => path.split("/").map(enc).join("/");

export function timelineApi(api: ApiClient) {
  return {
    toolCall: (runId: string, callId: string, invocationId: string, round: number) =>
      api.get<ToolCallView>(
        `${base(runId)}/tool-calls/${enc(callId)}?${new URLSearchParams({ invocationId, round: String(round) })}`,
      ),
    modelStream: (runId: string) => api.get<ModelStreamView>(`${base(runId)}/model-stream`),
    modelTurn: (runId: string, round: number, invocationId: string) =>
      api.get<ModelTurnView>(`${base(runId)}/model-turns/${round}?${new URLSearchParams({ invocationId })}`),
    checkpoints: (runId: string) =>
      api.get<{ checkpoints: CheckpointView[] }>(`${base(runId)}/checkpoints`).then((r) => r.checkpoints),
    tree: (runId: string, checkpointId: string | null) =>
      api.get<TreeView>(`${base(runId)}/workspace${checkpointId ? `?checkpointId=${enc(checkpointId)}` : ""}`),
    file: (runId: string, path: string, checkpointId: string | null) =>
      api.get<FileView>(
        `${base(runId)}/workspace/${pathOf(path)}${checkpointId ? `?checkpointId=${enc(checkpointId)}` : ""}`,
      ),
    diff: (runId: string, from: string, to: string) =>
      api.get<DiffView>(`${base(runId)}/checkpoints/${enc(from)}/diff/${enc(to)}`),
    invocations: (runId: string) => api.get<AgentRunInvocations>(`${base(runId)}/invocations`),
    guidance: (runId: string, text: string) => api.post(`${base(runId)}/guidance`, { text }),
    restorePersist: (runId: string, checkpointId: string) =>
      api.post<RestorePersistResult>(`${base(runId)}/checkpoints/${enc(checkpointId)}/restore-persist`),
    revertCommit: (runId: string, commitId: string) =>
      api.post<CommitRevertResult>(`${base(runId)}/commits/${enc(commitId)}/revert`),
  };
}
export type TimelineApi = ReturnType<typeof timelineApi>;
