/**
 * Checkpoints and their read side (docs/spec/workspace.md §2): create after each workspace mutation and
 * before each chat commit; list; the file tree and a file at a checkpoint (or live); a unified
 * diff per changed file between two checkpoints.
 */
import { AppError } from "../../domain/errors";
import {
  CHECKPOINT_REASONS,
  parseCheckpointId,
  type CheckpointReason,
  RUN_START_ID,
} from "../../domain/workspace/checkpoint-id";
import { normalizeWorkspacePath } from "../../domain/workspace/paths";
import { textMetrics } from "../../domain/workspace/text-metrics";
import { unifiedDiff } from "../../domain/workspace/unified-diff";
import type { CheckpointRecord, FileRef } from "../../ports/workspace-store";
import { compareCodePoints } from "../../domain/code-point-order";
import type { WorkspaceDeps } from "./deps";
import { requireOpenWorkspace, requireWorkspace } from "./run-workspace";
import { fileText } from "./tools/common";

/**
 * Creates the next checkpoint `cp_NNNNNN` of an open workspace. It records the files changed since
 * the previous checkpoint plus `paths` (e.g. the committed file for reason `chat_commit`).
 * @param input.eventSeq seq of the journal event that triggered it (e.g. `workspace_file_written`).
 * @returns `checkpoint.json` metadata `{id, seq, runId, createdAt, reason, eventSeq, files}`.
 * @throws AppError `workspace.not_found` | `workspace.run_closed` | `workspace.checkpoint_reason_invalid`.
 */
export function createCheckpoint(
  deps: WorkspaceDeps,
  runId: string,
  input: { reason: CheckpointReason; eventSeq: number; paths?: readonly string[] },
): CheckpointRecord {
  requireOpenWorkspace(deps, runId);
  if (!CHECKPOINT_REASONS.includes(input.reason))
    throw new AppError("workspace.checkpoint_reason_invalid", `Unknown checkpoint reason ${String(input.reason)}.`);
  const paths = (input.paths ?? []).map((p) => normalizeWorkspacePath(p));
  return deps.checkpoints.create(runId, {
    reason: input.reason,
    eventSeq: input.eventSeq,
    paths,
    now: deps.clock.now(),
  });
}

/** Checkpoints of a run in order, after `afterSeq`, at most `limit` (1..500, default 500). */
export function listCheckpoints(deps: WorkspaceDeps, runId: string, afterSeq = 0, limit = 500): CheckpointRecord[] {
  requireWorkspace(deps, runId);
  return deps.checkpoints.list(runId, afterSeq, Math.min(500, Math.max(1, limit)));
}

/**
 * The files the run started from: the persistent state projected into its workspace
 * (docs/spec/workspace.md §3), or none. The diff of its first write is taken from here, so a
 * persistent file carried over from an earlier run reads as changed, not new.
 */
function filesAtStart(deps: WorkspaceDeps, runId: string): FileRef[] {
  const run = requireWorkspace(deps, runId);
  if (!run.persistProjected || run.persistBaseStateId === null) return [];
  return deps.persist.files(run.workspaceId, run.persistBaseStateId);
}

/**
 * The file map at checkpoint `checkpointId`, or the live map when it is undefined.
 * @throws AppError `workspace.checkpoint_not_found`.
 */
export function filesAt(deps: WorkspaceDeps, runId: string, checkpointId?: string): FileRef[] {
  requireWorkspace(deps, runId);
  if (checkpointId === undefined) return deps.files.files(runId);
  return deps.checkpoints.mapAt(runId, requireCheckpointSeq(deps, runId, checkpointId));
}

function requireCheckpointSeq(deps: WorkspaceDeps, runId: string, checkpointId: string): number {
  const seq = parseCheckpointId(checkpointId);
  if (seq === null || !deps.checkpoints.get(runId, seq)) {
    throw new AppError("workspace.checkpoint_not_found", `Run ${runId} has no checkpoint ${checkpointId}.`, {
      runId,
      checkpointId,
    });
  }
  return seq;
}

/** The workspace tree view `{runId, checkpointId, roots, files}` (every root of the manifest). */
export function workspaceTree(deps: WorkspaceDeps, runId: string, checkpointId?: string) {
  const run = requireWorkspace(deps, runId);
  return {
    runId,
    checkpointId: checkpointId ?? null,
    roots: run.manifest.roots,
    files: filesAt(deps, runId, checkpointId),
  };
}

/**
 * One file at a checkpoint (or live): `{path, sha256, bytes, chars, words, content}`.
 * @throws AppError `workspace.invalid_path` | `workspace.file_not_found` | `workspace.checkpoint_not_found`.
 */
export function workspaceFile(deps: WorkspaceDeps, runId: string, rawPath: string, checkpointId?: string) {
  let path: string;
  try {
    path = normalizeWorkspacePath(rawPath);
  } catch (error) {
    throw new AppError("workspace.invalid_path", (error as Error).message, undefined, { cause: error });
  }
  const file = filesAt(deps, runId, checkpointId).find((f) => f.path === path);
  if (!file)
    throw new AppError(
      "workspace.file_not_found",
      `${path} does not exist${checkpointId ? ` at ${checkpointId}` : ""}.`,
      { path },
    );
  const content = fileText(deps, file);
  return {
    path,
    sha256: file.sha256,
    bytes: file.bytes,
    ...textMetrics(content),
    checkpointId: checkpointId ?? null,
    content,
  };
}

/** Cap on the total diff text one response carries (UTF-16 units). */
export const DIFF_MAX_TOTAL = 1_000_000;

/** One changed file in a checkpoint diff. `diff` is null when too large (see `tooLarge`). */
export interface CheckpointFileDiff {
  path: string;
  status: "added" | "modified" | "deleted";
  oldSha256: string | null;
  newSha256: string | null;
  additions: number;
  deletions: number;
  diff: string | null;
  tooLarge: boolean;
}

/**
 * Unified diff per changed file from checkpoint `from` (or RUN_START_ID, the run's starting files)
 * to checkpoint `to` (either order).
 * @throws AppError `workspace.checkpoint_not_found`.
 */
export function diffCheckpoints(
  deps: WorkspaceDeps,
  runId: string,
  from: string,
  to: string,
): { runId: string; from: string; to: string; files: CheckpointFileDiff[]; truncated: boolean } {
  const fromFiles = from === RUN_START_ID ? filesAtStart(deps, runId) : filesAt(deps, runId, from);
  const before = new Map(fromFiles.map((f) => [f.path, f]));
  const after = new Map(filesAt(deps, runId, to).map((f) => [f.path, f]));
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort(compareCodePoints);
  const files: CheckpointFileDiff[] = [];
  let budget = DIFF_MAX_TOTAL;
  let truncated = false;
  for (const path of paths) {
    const a = before.get(path) ?? null;
    const b = after.get(path) ?? null;
    if (a?.sha256 === b?.sha256) continue;
    const status = a === null ? "added" : b === null ? "deleted" : "modified";
    const computed = budget > 0 ? unifiedDiff(path, a ? fileText(deps, a) : null, b ? fileText(deps, b) : null) : null;
    let diff = computed?.diff ?? null;
    if (diff !== null && diff.length > budget) {
      diff = null;
      truncated = true;
    }
    if (computed === null) truncated = true;
    budget -= diff?.length ?? 0;
    files.push({
      path,
      status,
      oldSha256: a?.sha256 ?? null,
      newSha256: b?.sha256 ?? null,
      additions: computed?.additions ?? 0,
      deletions: computed?.deletions ?? 0,
      diff,
      tooLarge: diff === null,
    });
  }
  return { runId, from, to, files, truncated };
}
