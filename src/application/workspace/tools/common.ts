/** Helpers shared by the workspace tools: path resolution against the run's roots and files. */
import { AppError } from "../../../domain/errors";
import { firstSegment, normalizeWorkspacePath } from "../../../domain/workspace/paths";
import { ROOT_UNIVERSE } from "../../../domain/workspace/roots";
import { ToolError } from "../../../domain/workspace/tool-error";
import type { FileRef } from "../../../ports/workspace-store";
import type { WorkspaceDeps } from "../deps";

/** Hosted limit: largest file a write or patch may produce (UTF-8 bytes), 8 MiB. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** What a normalized path names in the run's workspace. */
export type PathTarget =
  | { kind: "root"; path: string }
  | { kind: "directory"; path: string }
  | { kind: "file"; path: string; file: FileRef }
  | { kind: "missing"; path: string };

/** Classifies a normalized path. */
export function classify(deps: WorkspaceDeps, runId: string, path: string): PathTarget {
  if (!path.includes("/") && (ROOT_UNIVERSE as readonly string[]).includes(path)) return { kind: "root", path };
  const file = deps.files.file(runId, path);
  if (file) return { kind: "file", path, file };
  if (deps.files.hasDirectory(runId, path)) return { kind: "directory", path };
  return { kind: "missing", path };
}

/** Normalizes a model path (ToolError `workspace.invalid_path`). */
export function toPath(raw: string): string {
  return normalizeWorkspacePath(raw);
}

/** The text of a file version; a missing blob is a storage fault (fatal). */
export function fileText(deps: WorkspaceDeps, file: FileRef): string {
  const text = deps.blobs.readText(file.sha256);
  if (text === null)
    throw new AppError("workspace.storage_corrupt", `The content of ${file.path} is missing from storage.`, {
      path: file.path,
    });
  return text;
}

/**
 * Rejects writing below a path that is a file (`output/a.md/b.md` when `output/a.md` is a file).
 * @throws ToolError `workspace.invalid_path`.
 */
export function checkParents(deps: WorkspaceDeps, runId: string, path: string): void {
  const segments = path.split("/");
  for (let i = 2; i < segments.length; i += 1) {
    const parent = segments.slice(0, i).join("/");
    if (deps.files.file(runId, parent))
      throw new ToolError("workspace.invalid_path", `${parent} is a file, so ${path} cannot be created below it.`);
  }
}

/** `workspace.path_is_directory` for roots and directories. */
export function isDirectoryError(path: string): ToolError {
  return new ToolError(
    "workspace.path_is_directory",
    `${path} is a directory; give a file path such as ${firstSegment(path)}/notes.md.`,
  );
}

/** `workspace.file_not_found`. */
export function fileNotFound(path: string): ToolError {
  return new ToolError(
    "workspace.file_not_found",
    `${path} does not exist; use workspace_list_files to see the files.`,
  );
}

/** `workspace.write_too_large` (hosted extension). */
export function tooLargeToWrite(path: string, bytes: number): ToolError {
  return new ToolError(
    "workspace.write_too_large",
    `${path} would be ${bytes} bytes; a workspace file can be at most ${MAX_FILE_BYTES} bytes.`,
  );
}
