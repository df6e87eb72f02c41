/**
 * workspace.write_file (docs/spec/tool-system.md §2): `{path, content, mode?}`; `replace` (default) needs a
 * current read-state for an existing file (CAS against it), `append` adds content verbatim and
 * creates a missing file. Result `{path, mode, chars, words, sha256}` of the file after the write;
 * effect `file_written` (the loop journals `workspace_file_written` and checkpoints).
 * Errors: `workspace.invalid_path`, `workspace.path_not_writable`, `workspace.path_is_directory`,
 * `workspace.write_mode_invalid`, `workspace.write_requires_read`, `workspace.write_stale_file`,
 * `workspace.write_too_large` (hosted). A closed workspace is a system error (`workspace.run_closed`).
 */
import { afterAppend, checkReplaceWrite, fullyKnown } from "../../../domain/workspace/read-state";
import { requireWritable } from "../../../domain/workspace/roots";
import { textMetrics, utf8Length } from "../../../domain/workspace/text-metrics";
import { parseWriteFileArgs } from "../../../domain/workspace/tool-args";
import { ToolError } from "../../../domain/workspace/tool-error";
import { ROOT_INVOCATION, type WorkspaceDeps, type WorkspaceToolContext } from "../deps";
import { requireOpenWorkspace, rootsFor } from "../run-workspace";
import { checkParents, classify, fileText, isDirectoryError, MAX_FILE_BYTES, toPath, tooLargeToWrite } from "./common";
import type { ToolSuccess } from "./result";

export interface WriteFileResult {
  path: string;
  mode: "replace" | "append";
  chars: number;
  words: number;
  sha256: string;
}

export async function writeFile(
  deps: WorkspaceDeps,
  ctx: WorkspaceToolContext,
  args: Record<string, unknown>,
): Promise<ToolSuccess<WriteFileResult>> {
  const { path: raw, content, mode } = parseWriteFileArgs(args);
  const run = requireOpenWorkspace(deps, ctx.runId);
  const path = toPath(raw);
  requireWritable(path, rootsFor(run, ctx));
  const target = classify(deps, ctx.runId, path);
  if (target.kind === "root" || target.kind === "directory") throw isDirectoryError(path);
  checkParents(deps, ctx.runId, path);
  const invocation = ctx.invocationId ?? ROOT_INVOCATION;
  const existing = target.kind === "file" ? target.file : null;
  const state = deps.files.readState(ctx.runId, invocation, path);
  if (mode === "replace" && existing) checkReplaceWrite(path, state, existing.sha256);
  const text = mode === "append" && existing ? fileText(deps, existing) + content : content;
  const bytes = utf8Length(text);
  if (bytes > MAX_FILE_BYTES) throw tooLargeToWrite(path, bytes);
  const blob = await deps.blobs.put(text);
  deps.files.transaction(() => {
    // Another request may have changed the file while the blob was hashed: compare again.
    const now = deps.files.file(ctx.runId, path);
    if ((now?.sha256 ?? null) !== (existing?.sha256 ?? null))
      throw new ToolError("workspace.write_stale_file", `${path} changed while it was being written; read it again.`);
    deps.files.putFile(
      ctx.runId,
      { path, sha256: blob.sha256, bytes: blob.bytes },
      deps.clock.now(),
      true,
      now !== null,
    );
    const next =
      mode === "replace" ? fullyKnown(blob.sha256) : afterAppend(state, existing?.sha256 ?? null, blob.sha256);
    deps.files.putReadState(ctx.runId, invocation, path, next);
  });
  const { chars, words } = textMetrics(text);
  const result: WriteFileResult = { path, mode, chars, words, sha256: blob.sha256 };
  return {
    content: `Wrote ${path} (${mode}): ${chars} chars, ${words} words, sha256 ${blob.sha256}.`,
    structured: result,
    resourceRefs: [path],
    effect: { kind: "file_written", ...result },
  };
}
