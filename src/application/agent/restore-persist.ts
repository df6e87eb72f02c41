/**
 * `POST /agent/runs/:runId/checkpoints/:checkpointId/restore-persist` (docs/spec/workspace.md
 * §3.2.1): makes what that checkpoint held under `persist/` the chat's persistent state for its next
 * run — a new immutable state and the chat-level pointer the next run's base selection reads first —
 * and journals `persist_restored {checkpointId, stateId, fileCount}` on the run.
 *
 * Errors: `agent.run_not_found` (404), `agent.run_slimmed` (410), `agent.restore_conflict` (409,
 * `details.activeRunIds`: a run of the chat is still working and would not see it, or would promote
 * over it), `workspace.checkpoint_not_found` (404).
 */
import { AppError } from "../../domain/errors";
import type { AgentRunRecord } from "../../domain/agent/run-record";
import { AGENT_RUN_STATUSES, isTerminalStatus } from "../../domain/agent/run-status";
import type { RunRecordService } from "./run-records";
import type { JournalService } from "./journal";
import type { WorkspaceDeps } from "../workspace/deps";
import { restorePersistFromCheckpoint } from "../workspace/persist-restore";

const ACTIVE = AGENT_RUN_STATUSES.filter((status) => !isTerminalStatus(status));

export interface RestorePersistDeps {
  runs: Pick<RunRecordService, "list"> & { requireWhole(runId: string): AgentRunRecord };
  journal: Pick<JournalService, "append">;
  workspace: WorkspaceDeps;
}

/** The answer: the new state and the files it holds. */
export interface RestorePersistResult {
  runId: string;
  checkpointId: string;
  stateId: string;
  files: Array<{ path: string; sha256: string; bytes: number }>;
}

export function restorePersist(
  deps: RestorePersistDeps,
  input: { runId: string; checkpointId: string },
): RestorePersistResult {
  const run = deps.runs.requireWhole(input.runId);
  const active = deps.runs.list({ stableChatId: run.stableChatId, statuses: ACTIVE, limit: 20 }).runs;
  if (active.length > 0)
    throw new AppError(
      "agent.restore_conflict",
      "An agent run of this chat is still working; wait until it ends before restoring a checkpoint.",
      { activeRunIds: active.map((r) => r.runId) },
    );
  if (!deps.workspace.files.run(input.runId))
    throw new AppError(
      "workspace.checkpoint_not_found",
      `Run ${input.runId} has no checkpoint ${input.checkpointId}.`,
      {
        runId: input.runId,
        checkpointId: input.checkpointId,
      },
    );
  const restored = restorePersistFromCheckpoint(deps.workspace, input.runId, input.checkpointId);
  deps.journal.append(input.runId, {
    type: "persist_restored",
    payload: { checkpointId: input.checkpointId, stateId: restored.stateId, fileCount: restored.files.length },
  });
  return {
    runId: input.runId,
    checkpointId: input.checkpointId,
    stateId: restored.stateId,
    files: restored.files.map((f) => ({ path: f.path, sha256: f.sha256, bytes: f.bytes })),
  };
}
