/**
 * Workspace read operations (docs/spec/workspace.md §2): checkpoints, tree, file, diff of a run. The run
 * must exist in the agent run store (`agent.run_not_found` otherwise) and not be slimmed
 * (`agent.run_slimmed`, 410; docs/spec/retention-usage.md); a run whose workspace was
 * not initialized yet has no checkpoints and no files. Writes happen only through the agent loop.
 */
import {
  diffCheckpoints,
  listCheckpoints,
  workspaceFile,
  workspaceTree,
} from "../../src/application/workspace/checkpoints";
import { agentRunServices } from "../../src/composition/agent-runs";
import { workspaceDeps } from "../../src/composition/workspace";
import { AppError } from "../../src/domain/errors";
import type { Space } from "../../src/ports/space";
import { defineOps } from "./registry";

/**
 * True when the run exists and has a workspace; throws `agent.run_not_found` for an unknown run
 * and `agent.run_slimmed` (410) for a run retention slimmed (docs/spec/retention-usage.md).
 */
function hasWorkspace(space: Space, runId: string): boolean {
  agentRunServices(space).runs.requireWhole(runId);
  return workspaceDeps(space).files.run(runId) !== null;
}

export const workspaceOps = defineOps({
  "workspace.checkpoints": (space, input: { runId: string; afterSeq?: number; limit?: number }) => ({
    runId: input.runId,
    checkpoints: hasWorkspace(space, input.runId)
      ? listCheckpoints(workspaceDeps(space), input.runId, input.afterSeq ?? 0, input.limit ?? 500)
      : [],
  }),
  "workspace.tree": (space, input: { runId: string; checkpointId?: string }) => {
    if (!hasWorkspace(space, input.runId)) {
      if (input.checkpointId)
        throw new AppError(
          "workspace.checkpoint_not_found",
          `Run ${input.runId} has no checkpoint ${input.checkpointId}.`,
        );
      return { runId: input.runId, checkpointId: null, roots: [], files: [] };
    }
    return workspaceTree(workspaceDeps(space), input.runId, input.checkpointId);
  },
  "workspace.file": (space, input: { runId: string; path: string; checkpointId?: string }) => {
    if (!hasWorkspace(space, input.runId))
      throw new AppError("workspace.file_not_found", `${input.path} does not exist; this run has no workspace yet.`);
    return workspaceFile(workspaceDeps(space), input.runId, input.path, input.checkpointId);
  },
  "workspace.diff": (space, input: { runId: string; from: string; to: string }) => {
    if (!hasWorkspace(space, input.runId))
      throw new AppError("workspace.checkpoint_not_found", `Run ${input.runId} has no checkpoints yet.`);
    return diffCheckpoints(workspaceDeps(space), input.runId, input.from, input.to);
  },
});
