/**
 * workspace.apply_patch (docs/spec/tool-system.md §2): exact `old_string` → `new_string` replacement, once or
 * everywhere (`replace_all`), checked against the read-state (see domain/workspace/read-state.ts).
 * Result `{path, chars, words, oldSha256, sha256, replacements}`; effect `patch_applied`.
 * Errors: `workspace.patch_empty_old_string`, `workspace.patch_requires_read`,
 * `workspace.patch_requires_full_read`, `workspace.patch_stale_file`,
 * `workspace.patch_old_string_not_found`, `workspace.patch_old_string_not_unique`,
 * `workspace.patch_no_change`, plus the path codes and `workspace.file_not_found`.
 */
import { afterPatch, applyPlan, checkPatch } from "../../../domain/workspace/read-state";
import { requireWritable } from "../../../domain/workspace/roots";
import { textMetrics, utf8Length } from "../../../domain/workspace/text-metrics";
import { parseApplyPatchArgs } from "../../../domain/workspace/tool-args";
import { ToolError } from "../../../domain/workspace/tool-error";
import { ROOT_INVOCATION, type WorkspaceDeps, type WorkspaceToolContext } from "../deps";
import { requireOpenWorkspace, rootsFor } from "../run-workspace";
import { classify, fileNotFound, fileText, isDirectoryError, MAX_FILE_BYTES, toPath, tooLargeToWrite } from "./common";
import type { ToolSuccess } from "./result";

export interface ApplyPatchResult {
  path: string;
  chars: number;
  words: number;
  oldSha256: string;
  sha256: string;
  replacements: number;
}

export async function applyPatch(
  deps: WorkspaceDeps,
  ctx: WorkspaceToolContext,
  args: Record<string, unknown>,
): Promise<ToolSuccess<ApplyPatchResult>> {
  const parsed = parseApplyPatchArgs(args);
  const run = requireOpenWorkspace(deps, ctx.runId);
  const path = toPath(parsed.path);
  requireWritable(path, rootsFor(run, ctx));
  const target = classify(deps, ctx.runId, path);
  if (target.kind === "root" || target.kind === "directory") throw isDirectoryError(path);
  if (target.kind === "missing") throw fileNotFound(path);
  const invocation = ctx.invocationId ?? ROOT_INVOCATION;
  const state = deps.files.readState(ctx.runId, invocation, path);
  const text = fileText(deps, target.file);
  const request = { ...parsed, path };
  const plan = checkPatch(request, state, target.file.sha256, text, () => {
    if (state) deps.files.putReadState(ctx.runId, invocation, path, { ...state, requireFullRead: true });
  });
  const next = applyPlan(text, request, plan);
  const bytes = utf8Length(next);
  if (bytes > MAX_FILE_BYTES) throw tooLargeToWrite(path, bytes);
  const blob = await deps.blobs.put(next);
  deps.files.transaction(() => {
    const now = deps.files.file(ctx.runId, path);
    if (now?.sha256 !== target.file.sha256)
      throw new ToolError("workspace.patch_stale_file", `${path} changed while it was being patched; read it again.`);
    deps.files.putFile(ctx.runId, { path, sha256: blob.sha256, bytes: blob.bytes }, deps.clock.now(), true, true);
    deps.files.putReadState(ctx.runId, invocation, path, afterPatch(state!, blob.sha256, request, plan));
  });
  const { chars, words } = textMetrics(next);
  const result: ApplyPatchResult = {
    path,
    chars,
    words,
    oldSha256: target.file.sha256,
    sha256: blob.sha256,
    replacements: plan.positions.length,
  };
  return {
    content: `Patched ${path}: ${result.replacements} replacement(s); now ${chars} chars, ${words} words, sha256 ${blob.sha256}.`,
    structured: result,
    resourceRefs: [path],
    effect: { kind: "patch_applied", ...result },
  };
}
