/**
 * The workspace API the agent loop uses (contracts.md §3.5–3.7, §3.9). Every function takes the
 * WorkspaceDeps of the user's space (`workspaceDeps(space)` in src/composition/workspace.ts).
 */
export { createRunWorkspace, closeRunWorkspace, requireWorkspace, type CreateRunWorkspaceInput } from "./run-workspace";
export {
  createCheckpoint,
  listCheckpoints,
  workspaceTree,
  workspaceFile,
  diffCheckpoints,
  filesAt,
} from "./checkpoints";
export {
  projectPersistentState,
  promotePersistentState,
  type PersistSnapshot,
  type PersistPromotion,
  type PersistChange,
} from "./persist";
export { runWorkspaceTool, workspaceToolName, WORKSPACE_TOOL_NAMES, type WorkspaceToolName } from "./tools/dispatch";
export { ROOT_INVOCATION, type WorkspaceDeps, type WorkspaceToolContext } from "./deps";
export { writeRuntimeFile, readRuntimeFile, type RuntimeFile, type RuntimeWriteOptions } from "./runtime-files";
