/**
 * workspace.read_file (docs/spec/tool-system.md §2): whole file (≤ 256 KiB), a line range (≤ 1200 lines) or
 * a char range (≤ 80,000 chars); records the read-state (full, or the exact range seen).
 * Errors: `workspace.invalid_path`, `workspace.path_not_visible`, `workspace.path_is_directory`,
 * `workspace.file_not_found`, `workspace.mixed_read_range`, `workspace.read_too_large`,
 * `workspace.read_line_count_too_large`, `workspace.read_char_count_too_large`,
 * `workspace.invalid_line_range`, `workspace.invalid_char_range`.
 */
import { afterRead } from "../../../domain/workspace/read-state";
import { readWindow, type ReadFileResult } from "../../../domain/workspace/read-window";
import { requireVisible } from "../../../domain/workspace/roots";
import { parseReadFileArgs } from "../../../domain/workspace/tool-args";
import { ROOT_INVOCATION, type WorkspaceDeps, type WorkspaceToolContext } from "../deps";
import { requireWorkspace, rootsFor } from "../run-workspace";
import { classify, fileNotFound, fileText, isDirectoryError, toPath } from "./common";
import type { ToolSuccess } from "./result";

export async function readFile(
  deps: WorkspaceDeps,
  ctx: WorkspaceToolContext,
  args: Record<string, unknown>,
): Promise<ToolSuccess<ReadFileResult>> {
  const parsed = parseReadFileArgs(args);
  const run = requireWorkspace(deps, ctx.runId);
  const path = toPath(parsed.path);
  requireVisible(path, rootsFor(run, ctx));
  const target = classify(deps, ctx.runId, path);
  if (target.kind === "root" || target.kind === "directory") throw isDirectoryError(path);
  if (target.kind === "missing") throw fileNotFound(path);
  const text = fileText(deps, target.file);
  const window = readWindow(path, target.file.sha256, text, target.file.bytes, { ...parsed, path });
  const invocation = ctx.invocationId ?? ROOT_INVOCATION;
  const previous = deps.files.readState(ctx.runId, invocation, path);
  deps.files.putReadState(
    ctx.runId,
    invocation,
    path,
    afterRead(previous, target.file.sha256, window.result.fullRead, window.range),
  );
  return { content: window.content, structured: window.result, resourceRefs: [path] };
}
