/**
 * Files the runtime itself writes or reads in a run workspace (not model tool calls): direct-output
 * capture (`output/direct_output.md`, docs/spec/agent-runtime.md §4), `summaries/<workspaceKey>-result.md` of task.return,
 * and the text a chat commit takes (docs/spec/workspace.md §3). No read-state is needed to write: any invocation that had
 * read an older version is simply stale afterwards (its read-state names the old sha256); `knownTo`
 * marks invocations that were shown the text as knowing it fully (the seeded text of a continue run).
 */
import { AppError } from "../../domain/errors";
import { firstSegment, normalizeWorkspacePath } from "../../domain/workspace/paths";
import { fullyKnown } from "../../domain/workspace/read-state";
import { ROOT_UNIVERSE } from "../../domain/workspace/roots";
import { textMetrics, utf8Length } from "../../domain/workspace/text-metrics";
import type { WorkspaceDeps } from "./deps";
import { requireOpenWorkspace, requireWorkspace } from "./run-workspace";
import { fileText, MAX_FILE_BYTES } from "./tools/common";

/** A runtime file version with docs/spec/journal.md text metrics. */
export interface RuntimeFile {
  path: string;
  sha256: string;
  bytes: number;
  chars: number;
  words: number;
}

function runtimePath(rawPath: string): string {
  let path: string;
  try {
    path = normalizeWorkspacePath(rawPath);
  } catch (error) {
    throw new AppError("workspace.invalid_path", (error as Error).message, undefined, { cause: error });
  }
  if (!(ROOT_UNIVERSE as readonly string[]).includes(firstSegment(path)) || !path.includes("/")) {
    throw new AppError("workspace.invalid_path", `${path} is not a file inside a workspace root.`);
  }
  return path;
}

/** Options of writeRuntimeFile. */
export interface RuntimeWriteOptions {
  /**
   * Invocation ids (e.g. `inv_root`) whose read-state records the written version as fully known
   * (docs/spec/tool-system.md §2): the runtime has shown them this exact text, so a replace-write or patch needs no read.
   */
  knownTo?: readonly string[];
}

/**
 * Writes (replaces) a file as the runtime; marks it changed for the next checkpoint.
 * @throws AppError `workspace.invalid_path` | `workspace.write_too_large` | `workspace.run_closed`.
 */
export async function writeRuntimeFile(
  deps: WorkspaceDeps,
  runId: string,
  rawPath: string,
  text: string,
  options: RuntimeWriteOptions = {},
): Promise<RuntimeFile> {
  requireOpenWorkspace(deps, runId);
  const path = runtimePath(rawPath);
  const bytes = utf8Length(text);
  if (bytes > MAX_FILE_BYTES)
    throw new AppError("workspace.write_too_large", `${path} would be ${bytes} bytes; the limit is ${MAX_FILE_BYTES}.`);
  const blob = await deps.blobs.put(text);
  deps.files.transaction(() => {
    requireOpenWorkspace(deps, runId);
    deps.files.putFile(runId, { path, sha256: blob.sha256, bytes: blob.bytes }, deps.clock.now());
    for (const invocationId of options.knownTo ?? [])
      deps.files.putReadState(runId, invocationId, path, fullyKnown(blob.sha256));
  });
  return { path, sha256: blob.sha256, bytes: blob.bytes, ...textMetrics(text) };
}

/** The current text of a workspace file with its version and metrics, or null when it does not exist. */
export function readRuntimeFile(
  deps: WorkspaceDeps,
  runId: string,
  rawPath: string,
): (RuntimeFile & { text: string }) | null {
  requireWorkspace(deps, runId);
  const path = runtimePath(rawPath);
  const file = deps.files.file(runId, path);
  if (!file) return null;
  const text = fileText(deps, file);
  return { path, sha256: file.sha256, bytes: file.bytes, ...textMetrics(text), text };
}
