/**
 * Persistent state (docs/spec/workspace.md §3, ADR 1202): the chat's `persist/` layer as immutable states
 * (id = the producing runId), projected into a run at start and promoted only on a successful
 * finish, with a concurrent-conflict check against the base.
 */
import { AppError } from "../../domain/errors";
import type { FileRef } from "../../ports/workspace-store";
import type { WorkspaceDeps } from "./deps";
import { requireOpenWorkspace } from "./run-workspace";

/** `input/persist_snapshot.json` content: the base and its files with hashes. */
export interface PersistSnapshot {
  baseStateId: string | null;
  roots: string[];
  files: FileRef[];
}

/** One docs/spec/workspace.md §3 change: `added` or `modified` (nothing is ever deleted from `persist/` by tools). */
export interface PersistChange {
  path: string;
  kind: "added" | "modified";
  sha256: string;
  bytes: number;
  baseSha256: string | null;
}

/** docs/spec/workspace.md §3 WorkspacePersistentChangeSet plus `created` (false when nothing changed: no new state). */
export interface PersistPromotion {
  stateId: string | null;
  baseStateId: string | null;
  changeCount: number;
  changes: PersistChange[];
  created: boolean;
}

/**
 * Projects the base state into the run's `persist/` root (once, before any tool call).
 * @param baseStateId the newest durable `extra.tauritavern.agent.persistStateId` of the frozen input
 *   history (looked up by the loop), or null for an empty base.
 * @throws AppError `workspace.persist_state_not_found` | `workspace.persist_already_projected` | `workspace.run_closed`.
 */
export function projectPersistentState(
  deps: WorkspaceDeps,
  runId: string,
  baseStateId: string | null,
): PersistSnapshot {
  const run = requireOpenWorkspace(deps, runId);
  if (run.persistProjected)
    throw new AppError(
      "workspace.persist_already_projected",
      `The persistent state of run ${runId} was already projected.`,
    );
  let files: FileRef[] = [];
  if (baseStateId !== null) {
    if (!deps.persist.state(run.workspaceId, baseStateId)) {
      throw new AppError(
        "workspace.persist_state_not_found",
        `Persistent state ${baseStateId} does not exist for this chat.`,
        { stateId: baseStateId },
      );
    }
    files = deps.persist.files(run.workspaceId, baseStateId);
  }
  deps.files.transaction(() => {
    const now = deps.clock.now();
    for (const file of files) deps.files.putFile(runId, file, now, false);
    deps.files.markProjected(runId, baseStateId, deps.persist.lastOrder(run.workspaceId));
  });
  return { baseStateId, roots: ["persist"], files };
}

function changesAgainst(base: readonly FileRef[], next: readonly FileRef[]): PersistChange[] {
  const old = new Map(base.map((f) => [f.path, f]));
  const changes: PersistChange[] = [];
  for (const file of next) {
    const prev = old.get(file.path);
    if (prev?.sha256 === file.sha256) continue;
    changes.push({
      path: file.path,
      kind: prev ? "modified" : "added",
      sha256: file.sha256,
      bytes: file.bytes,
      baseSha256: prev?.sha256 ?? null,
    });
  }
  return changes;
}

/**
 * Promotes the run's `persist/` changes to a new immutable state `stateId = runId`, then marks the
 * workspace `promoted` (no further writes). Call only on a successful `workspace.finish`; failed
 * and cancelled runs call closeRunWorkspace instead and never change the stable layer.
 * Conflict: a sibling state (same base) promoted after this run's projection changed one of the
 * same paths to different content → `workspace.persist_conflict` (409, details `{path, stateId}`),
 * nothing is stored and the workspace stays open.
 * @returns the change set; with no changes, `{stateId: baseStateId, created: false}`.
 * @throws AppError `workspace.persist_not_projected` | `workspace.persist_conflict` | `workspace.run_closed`.
 */
export function promotePersistentState(deps: WorkspaceDeps, runId: string): PersistPromotion {
  const run = requireOpenWorkspace(deps, runId);
  if (!run.persistProjected)
    throw new AppError("workspace.persist_not_projected", `Run ${runId} never projected its persistent state.`);
  const base = run.persistBaseStateId === null ? [] : deps.persist.files(run.workspaceId, run.persistBaseStateId);
  const current = deps.files.files(runId, "persist");
  const changes = changesAgainst(base, current);
  return deps.files.transaction(() => {
    if (changes.length === 0) {
      deps.files.setState(runId, "promoted");
      return {
        stateId: run.persistBaseStateId,
        baseStateId: run.persistBaseStateId,
        changeCount: 0,
        changes,
        created: false,
      };
    }
    for (const sibling of deps.persist.siblingsSince(
      run.workspaceId,
      run.persistBaseStateId,
      run.persistProjectedOrder,
    )) {
      const theirs = new Map(
        changesAgainst(base, deps.persist.files(run.workspaceId, sibling.stateId)).map((c) => [c.path, c]),
      );
      for (const change of changes) {
        const other = theirs.get(change.path);
        if (other && other.sha256 !== change.sha256) {
          throw new AppError(
            "workspace.persist_conflict",
            `${change.path} was also changed by run ${sibling.stateId}, which finished first from the same persistent state.`,
            { path: change.path, stateId: sibling.stateId },
          );
        }
      }
    }
    deps.persist.insert(run.workspaceId, runId, run.persistBaseStateId, current, deps.clock.now());
    deps.files.setState(runId, "promoted");
    return { stateId: runId, baseStateId: run.persistBaseStateId, changeCount: changes.length, changes, created: true };
  });
}
