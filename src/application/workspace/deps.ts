/**
 * What the workspace use cases need (built by src/composition/workspace.ts), and the per-call
 * context the agent loop passes to every workspace tool.
 */
import type { WorkspaceRoot } from "../../domain/workspace/roots";
import type { Clock } from "../../ports/space";
import type {
  BlobStore,
  CheckpointStore,
  PersistPointerStore,
  PersistStateStore,
  WorkspaceFileStore,
} from "../../ports/workspace-store";

export interface WorkspaceDeps {
  files: WorkspaceFileStore;
  blobs: BlobStore;
  checkpoints: CheckpointStore;
  persist: PersistStateStore;
  /** The chat-level pointer a checkpoint restore sets (docs/spec/workspace.md §3.2.1). */
  pointers: PersistPointerStore;
  clock: Clock;
}

/**
 * The run's workspace context for one tool call.
 * - `runId`: the run whose workspace is used (created by createRunWorkspace).
 * - `invocationId`: whose read-state applies (default `inv_root`; children have their own).
 * - `roots`: optional narrowed roots for a child invocation (default: the manifest's roots).
 */
export interface WorkspaceToolContext {
  runId: string;
  invocationId?: string;
  roots?: WorkspaceRoot[];
}

/** Default invocation id (docs/spec/agent-runtime.md §2). */
export const ROOT_INVOCATION = "inv_root";
