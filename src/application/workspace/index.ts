/**
 * The workspace API the agent loop uses (docs/spec/workspace.md §1–§3, docs/spec/tool-system.md §2). Every function takes the
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
