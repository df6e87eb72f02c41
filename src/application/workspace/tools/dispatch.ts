/**
 * Entry point the agent loop dispatches the five workspace tools through (docs/spec/tool-system.md §2).
 * Takes the canonical name (`workspace.read_file`, also `builtin:workspace.read_file` or the model
 * alias `workspace_read_file`) and the normalized argument object (docs/spec/tool-system.md §1 ToolArguments), returns a
 * WorkspaceToolOutcome. Recoverable mistakes come back as `{isError:true, errorCode}`; storage or
 * lifecycle faults (`workspace.not_found`, `workspace.run_closed`, `workspace.storage_corrupt`)
 * are thrown as AppError and fail the run.
 */
import { AppError } from "../../../domain/errors";
import { ToolError, toolFailure, type WorkspaceToolOutcome } from "../../../domain/workspace/tool-error";
import type { WorkspaceDeps, WorkspaceToolContext } from "../deps";
import { applyPatch } from "./apply-patch";
import { listFiles } from "./list-files";
import { readFile } from "./read-file";
import type { ToolSuccess } from "./result";
import { searchFiles } from "./search-files";
import { writeFile } from "./write-file";

/** Canonical names of the workspace tools built here (commit/finish belong to the loop). */
export const WORKSPACE_TOOL_NAMES = [
  "workspace.list_files",
  "workspace.search_files",
  "workspace.read_file",
  "workspace.write_file",
  "workspace.apply_patch",
] as const;
export type WorkspaceToolName = (typeof WORKSPACE_TOOL_NAMES)[number];

type ToolFn = (
  deps: WorkspaceDeps,
  ctx: WorkspaceToolContext,
  args: Record<string, unknown>,
) => Promise<ToolSuccess<unknown>>;

const TOOLS: Record<WorkspaceToolName, ToolFn> = {
  "workspace.list_files": listFiles,
  "workspace.search_files": searchFiles,
  "workspace.read_file": readFile,
  "workspace.write_file": writeFile,
  "workspace.apply_patch": applyPatch,
};

/** The canonical workspace tool name for a canonical name, `builtin:` ToolId or model alias; null otherwise. */
export function workspaceToolName(name: string): WorkspaceToolName | null {
  const bare = name.startsWith("builtin:") ? name.slice("builtin:".length) : name;
  const canonical = bare.includes(".") ? bare : bare.replace(/^workspace_/, "workspace.");
  return (WORKSPACE_TOOL_NAMES as readonly string[]).includes(canonical) ? (canonical as WorkspaceToolName) : null;
}

/**
 * Runs one workspace tool call.
 * @throws AppError `agent.tool_denied` for a name that is not a workspace tool; system faults.
 */
export async function runWorkspaceTool(
  deps: WorkspaceDeps,
  ctx: WorkspaceToolContext,
  name: string,
  args: Record<string, unknown>,
): Promise<WorkspaceToolOutcome> {
  const canonical = workspaceToolName(name);
  if (!canonical) throw new AppError("agent.tool_denied", `${name} is not a workspace tool.`);
  try {
    const success = await TOOLS[canonical](deps, ctx, args);
    return { isError: false, ...success };
  } catch (error) {
    if (error instanceof ToolError) return toolFailure(error);
    throw error;
  }
}
