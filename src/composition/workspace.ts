/**
 * Composition: the workspace dependencies of one user's space (docs/spec/workspace.md §1–§3, docs/spec/tool-system.md §2).
 * Use with the functions of src/application/workspace/ (see its index.ts).
 */
import { SqlBlobStore } from "../adapters/storage/blob-store";
import { SqlCheckpointStore } from "../adapters/storage/checkpoint-store";
import { SqlPersistPointerStore } from "../adapters/storage/persist-pointer-store";
import { SqlPersistStateStore } from "../adapters/storage/persist-state-store";
import { SqlWorkspaceFileStore } from "../adapters/storage/workspace-file-store";
import type { WorkspaceDeps } from "../application/workspace/deps";
import { hotRows } from "./hot-rows";
import type { Space } from "../ports/space";

export function workspaceDeps(space: Space): WorkspaceDeps {
  return space.memo("workspace", () => ({
    files: new SqlWorkspaceFileStore(space.storage, hotRows(space)),
    blobs: new SqlBlobStore(space.sql, () => space.clock.now()),
    checkpoints: new SqlCheckpointStore(space.storage),
    persist: new SqlPersistStateStore(space.sql),
    pointers: new SqlPersistPointerStore(space.sql),
    clock: space.clock,
  }));
}

/**
 * Deletes a run's workspace rows (files, read-state, checkpoints) and then those of its blobs
 * nothing refers to any more. Persistent states are kept (docs/spec/retention-usage.md: never
 * pruned by run retention). Runs no transaction of its own: meant for agent-runs' RUN_CLEANUPS
 * inside the run delete (or slim) transaction.
 */
export function deleteRunWorkspace(space: Space, runId: string): void {
  const deps = workspaceDeps(space);
  const files = deps.files as SqlWorkspaceFileStore;
  const hashes = files.runBlobHashes(runId);
  files.deleteRun(runId);
  (deps.blobs as SqlBlobStore).sweep(hashes);
}
