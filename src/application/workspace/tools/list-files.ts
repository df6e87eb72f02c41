/**
 * workspace.list_files (docs/spec/tool-system.md §2): `{path?, depth?}` → `{entries: [{path, kind}], truncated}`,
 * at most 200 entries, visible roots only. Omitted / "" / "." / "./" lists every visible root.
 * Errors: `workspace.invalid_path`, `workspace.path_not_visible`, `workspace.path_not_found`,
 * `workspace.list_depth_too_large`.
 */
import { isWorkspaceTop } from "../../../domain/workspace/paths";
import { requireVisible, visibleRootNames } from "../../../domain/workspace/roots";
import { parseListFilesArgs } from "../../../domain/workspace/tool-args";
import { ToolError } from "../../../domain/workspace/tool-error";
import type { WorkspaceDeps, WorkspaceToolContext } from "../deps";
import { compareCodePoints } from "../../../domain/code-point-order";
import { requireWorkspace, rootsFor } from "../run-workspace";
import { classify, toPath } from "./common";
import type { ToolSuccess } from "./result";

/** Most entries one call returns. */
export const LIST_MAX_ENTRIES = 200;

export interface ListFilesResult {
  entries: Array<{ path: string; kind: "file" | "directory" }>;
  truncated: boolean;
}

/** Entries under `base` ("" = workspace top) down to `depth` levels. */
function walk(
  paths: readonly string[],
  base: string,
  depth: number,
  extraDirs: readonly string[],
): ListFilesResult["entries"] {
  const dirs = new Set<string>(extraDirs);
  const files: string[] = [];
  const baseDepth = base === "" ? 0 : base.split("/").length;
  for (const path of paths) {
    const segments = path.split("/");
    const relative = segments.length - baseDepth;
    for (let i = baseDepth + 1; i < segments.length && i - baseDepth <= depth; i += 1)
      dirs.add(segments.slice(0, i).join("/"));
    if (relative <= depth) files.push(path);
  }
  const entries = [
    ...[...dirs].map((path) => ({ path, kind: "directory" as const })),
    ...files.map((path) => ({ path, kind: "file" as const })),
  ];
  return entries.sort((a, b) => compareCodePoints(a.path, b.path));
}

export async function listFiles(
  deps: WorkspaceDeps,
  ctx: WorkspaceToolContext,
  args: Record<string, unknown>,
): Promise<ToolSuccess<ListFilesResult>> {
  const { path: raw, depth } = parseListFilesArgs(args);
  const run = requireWorkspace(deps, ctx.runId);
  const roots = rootsFor(run, ctx);
  let entries: ListFilesResult["entries"];
  if (isWorkspaceTop(raw)) {
    const visible = visibleRootNames(roots);
    const paths = deps.files
      .files(ctx.runId)
      .map((f) => f.path)
      .filter((p) => visible.some((r) => p.startsWith(`${r}/`)));
    entries = walk(paths, "", depth, visible);
  } else {
    const path = toPath(raw!);
    requireVisible(path, roots);
    const target = classify(deps, ctx.runId, path);
    if (target.kind === "missing")
      throw new ToolError(
        "workspace.path_not_found",
        `${path} does not exist; list a parent directory to see what is there.`,
      );
    if (target.kind === "file") entries = [{ path, kind: "file" }];
    else
      entries = walk(
        deps.files.files(ctx.runId, path).map((f) => f.path),
        path,
        depth,
        [],
      );
  }
  const truncated = entries.length > LIST_MAX_ENTRIES;
  if (truncated) entries = entries.slice(0, LIST_MAX_ENTRIES);
  const lines = entries.map((e) => (e.kind === "directory" ? `${e.path}/` : e.path));
  if (lines.length === 0) lines.push("(empty)");
  if (truncated) lines.push(`... truncated at ${LIST_MAX_ENTRIES} entries`);
  return { content: lines.join("\n"), structured: { entries, truncated }, resourceRefs: entries.map((e) => e.path) };
}
