/**
 * Storage ports of the run workspace (docs/spec/workspace.md §1–§3): content-addressed blobs, the live
 * file map and read-state per run, checkpoints, and the chat's immutable persistent states.
 * Implemented over the Durable Object's SQLite in src/adapters/storage/. All methods except
 * `BlobStore.put` are synchronous so a caller can check-and-write without interleaving.
 */
import type { CheckpointReason } from "../domain/workspace/checkpoint-id";
import type { WorkspaceManifest } from "../domain/workspace/manifest";
import type { ReadState } from "../domain/workspace/read-state";

/** A file version: workspace path, sha256 (hex) of its UTF-8 bytes, byte size. */
export interface FileRef {
  path: string;
  sha256: string;
  bytes: number;
}

/** Content-addressed text storage: sha256 → chunks of ≤ 1 MiB, deduplicated. */
/** The usage area a blob's bytes count under when it is written first (docs/spec/retention-usage.md). */
export type BlobArea = "workspace" | "chats" | "runs";

export interface BlobStore {
  /** Stores `text` (if new; first writer's `area`, default "workspace") and returns its sha256 and UTF-8 size. */
  put(text: string, area?: BlobArea): Promise<{ sha256: string; bytes: number }>;
  /** The text of a stored blob, or null when unknown. */
  readText(sha256: string): string | null;
}

/** Workspace lifecycle: `open` accepts writes; `promoted` (finished) and `closed` (failed/cancelled) do not. */
export type WorkspaceState = "open" | "promoted" | "closed";

/** One run's workspace row. */
export interface WorkspaceRunRecord {
  runId: string;
  workspaceId: string;
  stableChatId: string;
  manifest: WorkspaceManifest;
  state: WorkspaceState;
  createdAt: number;
  /** True once projectPersistentState ran. */
  persistProjected: boolean;
  /** The projected base state id (null = empty base). */
  persistBaseStateId: string | null;
  /** Persistent-state order number at projection (for the concurrent conflict check). */
  persistProjectedOrder: number;
  fileCount: number;
}

/** Run workspace rows: record, live file map, read-state. */
export interface WorkspaceFileStore {
  run(runId: string): WorkspaceRunRecord | null;
  insertRun(
    record: Omit<WorkspaceRunRecord, "fileCount" | "persistProjected" | "persistBaseStateId" | "persistProjectedOrder">,
  ): void;
  setState(runId: string, state: WorkspaceState): void;
  markProjected(runId: string, baseStateId: string | null, order: number): void;
  file(runId: string, path: string): FileRef | null;
  /** Files under `prefix` (a root or directory path, no trailing slash) or all, sorted by path. */
  files(runId: string, prefix?: string): FileRef[];
  /** True when some file lives under `dir/`. */
  hasDirectory(runId: string, dir: string): boolean;
  /**
   * Inserts or updates a file and marks it changed since the last checkpoint (`dirty`, default
   * true). `existed`: whether the file is there now, when the caller just read it in the same
   * synchronous section (saves the store's own check; issue 31).
   */
  putFile(runId: string, file: FileRef, now: number, dirty?: boolean, existed?: boolean): void;
  readState(runId: string, invocationId: string, path: string): ReadState | null;
  putReadState(runId: string, invocationId: string, path: string, state: ReadState | null): void;
  /** Runs `fn` in one SQLite transaction. */
  transaction<T>(fn: () => T): T;
  /** Deletes every row of a run's workspace (files, read-state, checkpoints). */
  deleteRun(runId: string): void;
}

/** docs/spec/workspace.md §2 checkpoint metadata (`checkpoint.json`); `files` = the files involved in that step. */
export interface CheckpointRecord {
  id: string;
  seq: number;
  runId: string;
  createdAt: string;
  reason: CheckpointReason;
  eventSeq: number;
  files: FileRef[];
}

/** Checkpoint rows (deltas + periodic full maps). */
export interface CheckpointStore {
  /** Creates the next checkpoint from the run's changed files plus `paths` (must exist). */
  create(
    runId: string,
    input: { reason: CheckpointReason; eventSeq: number; paths: readonly string[]; now: number },
  ): CheckpointRecord;
  list(runId: string, afterSeq: number, limit: number): CheckpointRecord[];
  get(runId: string, seq: number): CheckpointRecord | null;
  /** The whole file map as of checkpoint `seq`, sorted by path. */
  mapAt(runId: string, seq: number): FileRef[];
}

/** An immutable persistent state of a chat workspace (docs/spec/workspace.md §3). */
export interface PersistStateRecord {
  workspaceId: string;
  stateId: string;
  baseStateId: string | null;
  order: number;
  createdAt: number;
}

/** Persistent states: immutable file maps of `persist/` per chat workspace. */
export interface PersistStateStore {
  state(workspaceId: string, stateId: string): PersistStateRecord | null;
  files(workspaceId: string, stateId: string): FileRef[];
  /** Highest order number in the workspace (0 when none). */
  lastOrder(workspaceId: string): number;
  /** States promoted after `order` from the same base (null-safe). */
  siblingsSince(workspaceId: string, baseStateId: string | null, order: number): PersistStateRecord[];
  /** Inserts a state with its full file map; returns its order. */
  insert(
    workspaceId: string,
    stateId: string,
    baseStateId: string | null,
    files: readonly FileRef[],
    now: number,
  ): number;
}

/** The chat-level pointer to a restored persistent state (docs/spec/workspace.md §3.2.1). */
export interface PersistPointer {
  workspaceId: string;
  stateId: string;
  runId: string;
  checkpointId: string;
  setAt: number;
}

/** One pointer per chat workspace; `set` replaces it. */
export interface PersistPointerStore {
  get(workspaceId: string): PersistPointer | null;
  set(pointer: PersistPointer): void;
}
