/** Checkpoint ids `cp_` + 6-digit zero-padded sequence (docs/spec/agent-runtime.md §2, docs/spec/workspace.md §2). */

/** Reasons a checkpoint is created (docs/spec/workspace.md §2). */
export const CHECKPOINT_REASONS = [
  "tool_workspace_write",
  "tool_workspace_patch",
  "direct_output_capture",
  "chat_commit",
] as const;
export type CheckpointReason = (typeof CHECKPOINT_REASONS)[number];

/** `cp_000001` for 1. */
export function formatCheckpointId(seq: number): string {
  return `cp_${String(seq).padStart(6, "0")}`;
}

/** The sequence number of a checkpoint id, or null when it is not one. */
export function parseCheckpointId(id: string): number | null {
  const match = /^cp_(\d{6,})$/.exec(id);
  if (!match) return null;
  const seq = Number(match[1]);
  return Number.isSafeInteger(seq) && seq >= 1 ? seq : null;
}

/**
 * `from` of a checkpoint diff that starts at the files the run began with, its projected persistent
 * files (docs/spec/workspace.md §2): the diff of a run's first write.
 */
export const RUN_START_ID = "start";
