/**
 * Read-state rules of the workspace tools (docs/spec/tool-system.md §2 read_file / write_file / apply_patch).
 * Per (run, invocation, path) the runtime remembers which file version (sha256) the model has seen
 * and how much of it: `full` (read whole, or created/replaced by the model) or the exact UTF-16
 * ranges it read. The rules here are pure; the state itself is persisted in SQLite between steps.
 *
 * - replace-write of an existing file needs a read-state (`workspace.write_requires_read`) for the
 *   current version (`workspace.write_stale_file`); creating a file needs nothing.
 * - append keeps "fully known" only when the previous content was fully known and unchanged.
 * - a patch needs a full read or a partial read that contains the matched text
 *   (`workspace.patch_requires_read`); `replace_all` needs a full read
 *   (`workspace.patch_requires_full_read`); the version must match (`workspace.patch_stale_file`);
 *   after a failed patch based on a partial read the next patch of that file needs a full read.
 */
import { ToolError } from "./tool-error";

/** Half-open UTF-16 range `[start, end)` of text the model has seen. */
export type SeenRange = readonly [number, number];

/** What the model knows about one file. */
export interface ReadState {
  sha256: string;
  full: boolean;
  /** Merged, sorted seen ranges of version `sha256` (empty when `full`). */
  ranges: SeenRange[];
  /** Set after a failed patch based on a partial read; cleared by a full read. */
  requireFullRead: boolean;
}

/** Merges overlapping or adjacent ranges. */
export function mergeRanges(ranges: readonly SeenRange[]): SeenRange[] {
  const sorted = ranges
    .filter(([a, b]) => b > a)
    .map(([a, b]) => [a, b] as [number, number])
    .sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** State after a read of version `sha256`; `range` is the UTF-16 range returned. */
export function afterRead(prev: ReadState | null, sha256: string, full: boolean, range: SeenRange): ReadState {
  if (full) return { sha256, full: true, ranges: [], requireFullRead: false };
  if (prev && prev.sha256 === sha256) {
    if (prev.full) return prev;
    return { sha256, full: false, ranges: mergeRanges([...prev.ranges, range]), requireFullRead: prev.requireFullRead };
  }
  return { sha256, full: false, ranges: mergeRanges([range]), requireFullRead: prev?.requireFullRead ?? false };
}

/** State after the model created or replaced a file with known content. */
export function fullyKnown(sha256: string): ReadState {
  return { sha256, full: true, ranges: [], requireFullRead: false };
}

/**
 * Checks a replace-write of an existing file whose current version is `currentSha`.
 * @throws ToolError `workspace.write_requires_read` | `workspace.write_stale_file`.
 */
export function checkReplaceWrite(path: string, state: ReadState | null, currentSha: string): void {
  if (!state)
    throw new ToolError(
      "workspace.write_requires_read",
      `${path} already exists; read it with workspace_read_file before replacing it.`,
    );
  if (state.sha256 !== currentSha)
    throw new ToolError(
      "workspace.write_stale_file",
      `${path} changed since you last read it; read it again before replacing it.`,
    );
}

/**
 * State after appending. A new file is fully known; an existing one stays fully known only if it
 * was fully known at the current version; partial ranges of the current version stay valid
 * (append does not move earlier text); a stale state is dropped.
 */
export function afterAppend(state: ReadState | null, previousSha: string | null, newSha: string): ReadState | null {
  if (previousSha === null) return fullyKnown(newSha);
  if (!state || state.sha256 !== previousSha) return null;
  return { ...state, sha256: newSha };
}

/** Exact, non-overlapping occurrences of `needle` in `text` (UTF-16 indexes). */
export function findOccurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf(needle, from);
    if (at < 0) return found;
    found.push(at);
    from = at + needle.length;
  }
}

/** Inputs of a patch check. */
export interface PatchRequest {
  path: string;
  oldString: string;
  newString: string;
  replaceAll: boolean;
}

/** Outcome of a passed patch check: the match positions to replace. */
export interface PatchPlan {
  positions: number[];
}

/**
 * Checks a patch against the read-state and the current text (version `currentSha`).
 * Order: no-change, requires-read, full-read for replace_all / after a failed partial patch, stale,
 * not found, not unique, matched text outside what a partial read saw.
 * On a failure based on a current partial read, `onPartialFailure` is called so the caller can
 * persist `requireFullRead`.
 * @throws ToolError with the docs/spec/tool-system.md §2 apply_patch codes.
 */
export function checkPatch(
  request: PatchRequest,
  state: ReadState | null,
  currentSha: string,
  text: string,
  onPartialFailure: () => void,
): PatchPlan {
  const { path, oldString, newString, replaceAll } = request;
  if (oldString === newString)
    throw new ToolError("workspace.patch_no_change", "old_string and new_string are identical; nothing to change.");
  if (!state)
    throw new ToolError("workspace.patch_requires_read", `Read ${path} with workspace_read_file before patching it.`);
  if (replaceAll && !state.full)
    throw new ToolError(
      "workspace.patch_requires_full_read",
      `replace_all needs a full read of ${path}; read the whole file first.`,
    );
  if (!state.full && state.requireFullRead)
    throw new ToolError(
      "workspace.patch_requires_full_read",
      `A previous patch of ${path} failed after a partial read; read the whole file before patching it again.`,
    );
  if (state.sha256 !== currentSha)
    throw new ToolError(
      "workspace.patch_stale_file",
      `${path} changed since you last read it; read it again before patching.`,
    );
  const fail = (error: ToolError): never => {
    if (!state.full) onPartialFailure();
    throw error;
  };
  const positions = findOccurrences(text, oldString);
  if (positions.length === 0)
    fail(
      new ToolError(
        "workspace.patch_old_string_not_found",
        `old_string was not found in ${path}; copy it exactly from the file.`,
      ),
    );
  if (positions.length > 1 && !replaceAll) {
    fail(
      new ToolError(
        "workspace.patch_old_string_not_unique",
        `old_string occurs ${positions.length} times in ${path}; include more surrounding text to make it unique, or set replace_all.`,
      ),
    );
  }
  if (!state.full) {
    const at = positions[0] as number;
    const inside = state.ranges.some(([a, b]) => a <= at && at + oldString.length <= b);
    if (!inside)
      fail(
        new ToolError(
          "workspace.patch_requires_read",
          `The text to replace in ${path} is outside what you have read; read that part of the file first.`,
        ),
      );
  }
  return { positions };
}

/** Applies a checked patch plan; returns the new text. */
export function applyPlan(text: string, request: PatchRequest, plan: PatchPlan): string {
  let out = "";
  let from = 0;
  for (const at of plan.positions) {
    out += text.slice(from, at) + request.newString;
    from = at + request.oldString.length;
  }
  return out + text.slice(from);
}

/**
 * State after a successful patch. Full stays full; a partial state keeps the ranges before the
 * match, shifts those after it, and adds the replaced text as seen.
 */
export function afterPatch(state: ReadState, newSha: string, request: PatchRequest, plan: PatchPlan): ReadState {
  if (state.full) return fullyKnown(newSha);
  const at = plan.positions[0] as number;
  const oldEnd = at + request.oldString.length;
  const delta = request.newString.length - request.oldString.length;
  const ranges: SeenRange[] = [[at, at + request.newString.length]];
  for (const [a, b] of state.ranges) {
    if (b <= at) ranges.push([a, b]);
    else if (a >= oldEnd) ranges.push([a + delta, b + delta]);
    else {
      if (a < at) ranges.push([a, at]);
      if (b > oldEnd) ranges.push([oldEnd + delta, b + delta]);
    }
  }
  return { sha256: newSha, full: false, ranges: mergeRanges(ranges), requireFullRead: false };
}
