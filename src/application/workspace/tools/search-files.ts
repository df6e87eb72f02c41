/**
 * workspace.search_files (docs/spec/tool-system.md §2): plain-text, case-insensitive search over the visible
 * roots (or one path inside them); at most 1000 files and 8 levels below a root are scanned;
 * binary files (containing NUL) are skipped. Hits are ranked by score, then path and line.
 * Result `{query, hits, searchedFiles, skippedFiles, truncated}`; 0 hits is a success.
 */
import { depthBelowRoot, firstSegment, isWorkspaceTop } from "../../../domain/workspace/paths";
import { requireVisible, visibleRootNames } from "../../../domain/workspace/roots";
import { isBinaryText, searchText, type SearchHit } from "../../../domain/workspace/search";
import { parseSearchFilesArgs } from "../../../domain/workspace/tool-args";
import { ToolError } from "../../../domain/workspace/tool-error";
import type { FileRef } from "../../../ports/workspace-store";
import type { WorkspaceDeps, WorkspaceToolContext } from "../deps";
import { requireWorkspace, rootsFor } from "../run-workspace";
import { classify, fileText, toPath } from "./common";
import type { ToolSuccess } from "./result";

export const SEARCH_MAX_FILES = 1000;
export const SEARCH_MAX_DEPTH = 8;

export interface SearchFilesResult {
  query: string;
  hits: SearchHit[];
  searchedFiles: number;
  skippedFiles: number;
  truncated: boolean;
}

export async function searchFiles(
  deps: WorkspaceDeps,
  ctx: WorkspaceToolContext,
  args: Record<string, unknown>,
): Promise<ToolSuccess<SearchFilesResult>> {
  const { query, path: raw, limit, contextLines } = parseSearchFilesArgs(args);
  const run = requireWorkspace(deps, ctx.runId);
  const roots = rootsFor(run, ctx);
  let candidates: FileRef[];
  if (isWorkspaceTop(raw)) {
    const visible = visibleRootNames(roots) as string[];
    candidates = deps.files.files(ctx.runId).filter((f) => visible.includes(firstSegment(f.path)));
  } else {
    const path = toPath(raw!);
    requireVisible(path, roots);
    const target = classify(deps, ctx.runId, path);
    if (target.kind === "missing") throw new ToolError("workspace.path_not_found", `${path} does not exist.`);
    candidates = target.kind === "file" ? [target.file] : deps.files.files(ctx.runId, path);
  }
  candidates = candidates.filter((f) => depthBelowRoot(f.path) <= SEARCH_MAX_DEPTH);
  let truncated = candidates.length > SEARCH_MAX_FILES;
  candidates = candidates.slice(0, SEARCH_MAX_FILES);
  let searchedFiles = 0;
  let skippedFiles = 0;
  const hits: SearchHit[] = [];
  for (const file of candidates) {
    const text = fileText(deps, file);
    if (isBinaryText(text)) {
      skippedFiles += 1;
      continue;
    }
    searchedFiles += 1;
    hits.push(...searchText(file.path, file.sha256, text, query, contextLines));
  }
  hits.sort(
    (a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.startLine - b.startLine,
  );
  if (hits.length > limit) truncated = true;
  const shown = hits.slice(0, limit);
  const content =
    shown.length === 0
      ? `No matches for "${query}" (searched ${searchedFiles} files).`
      : [
          `${shown.length} hit(s) for "${query}" in ${searchedFiles} searched file(s)${truncated ? " (truncated)" : ""}:`,
          ...shown.map((h) => `${h.ref} score ${h.score} sha256 ${h.sha256}\n${h.snippet}`),
        ].join("\n\n");
  return {
    content,
    structured: { query, hits: shown, searchedFiles, skippedFiles, truncated },
    resourceRefs: shown.map((h) => h.ref),
  };
}
