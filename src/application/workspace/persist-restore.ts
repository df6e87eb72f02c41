/**
 * Restoring a checkpoint's persistent files for the next run, and the base selection that honours
 * it (docs/spec/workspace.md §3.2.1). Persistent states are immutable: a restore writes a new state
 * (`restore_<hex>`, its base the run's base state) holding exactly the checkpoint's `persist/` files,
 * and points the chat workspace at it. The next run's base is the later of that pointer's state and
 * the newest `persistStateId` on the chat's messages (later = inserted after), so a run that starts
 * from the restored state and finishes moves past it as usual.
 *
 * Errors: `workspace.not_found` (the run has no workspace), `workspace.checkpoint_not_found` (404).
 */
import type { FileRef } from "../../ports/workspace-store";
import type { WorkspaceDeps } from "./deps";
import { filesAt } from "./checkpoints";
import { requireWorkspace } from "./run-workspace";

/** `{stateId, baseStateId, checkpointId, files}` of the new state. */
export interface PersistRestore {
  stateId: string;
  baseStateId: string | null;
  checkpointId: string;
  files: FileRef[];
}

/** Writes the new state and the pointer (one transaction). */
export function restorePersistFromCheckpoint(deps: WorkspaceDeps, runId: string, checkpointId: string): PersistRestore {
  const run = requireWorkspace(deps, runId);
  const files = filesAt(deps, runId, checkpointId).filter((f) => f.path.startsWith("persist/"));
  const stateId = `restore_${crypto.randomUUID().replaceAll("-", "")}`;
  const now = deps.clock.now();
  deps.files.transaction(() => {
    deps.persist.insert(run.workspaceId, stateId, run.persistBaseStateId, files, now);
    deps.pointers.set({ workspaceId: run.workspaceId, stateId, runId, checkpointId, setAt: now });
  });
  return { stateId, baseStateId: run.persistBaseStateId, checkpointId, files };
}

/**
 * The base state of a new run of this chat workspace: the pointer's state when it was made after
 * `fromMessages` (the newest state id on the frozen input's messages), else `fromMessages`.
 */
export function selectPersistBase(
  deps: Pick<WorkspaceDeps, "persist" | "pointers">,
  workspaceId: string,
  fromMessages: string | null,
): string | null {
  const pointer = deps.pointers.get(workspaceId);
  if (!pointer) return fromMessages;
  const restored = deps.persist.state(workspaceId, pointer.stateId);
  if (!restored) return fromMessages;
  if (fromMessages === null) return pointer.stateId;
  const other = deps.persist.state(workspaceId, fromMessages);
  return !other || restored.order > other.order ? pointer.stateId : fromMessages;
}
