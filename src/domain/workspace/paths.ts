/**
 * WorkspacePath: logical, relative, `/`-separated paths inside a run workspace (docs/spec/workspace.md §1).
 * Rules: non-empty; no NUL; backslashes become `/`; no leading `/` or `\`; no Windows drive prefix
 * (`X:`); no `..` component; `.` and empty segments dropped; the result is non-empty.
 * Hosted limit: at most 1024 chars and 32 segments after normalization.
 * Every rejection is the recoverable tool error `workspace.invalid_path`.
 */
import { ToolError } from "./tool-error";

/** Longest accepted normalized path, in UTF-16 code units. */
export const MAX_PATH_LENGTH = 1024;
/** Deepest accepted path, in segments. */
export const MAX_PATH_SEGMENTS = 32;

function invalid(raw: string, reason: string): ToolError {
  const shown = raw.length > 120 ? `${raw.slice(0, 120)}…` : raw;
  return new ToolError(
    "workspace.invalid_path",
    `Invalid workspace path "${shown.replaceAll("\u0000", "\\0")}": ${reason}. Use a relative path such as output/main.md.`,
  );
}

/**
 * Normalizes a model- or user-supplied path.
 * @returns e.g. `"output/notes/a.md"` for `"output\\notes\\./a.md"`.
 * @throws ToolError `workspace.invalid_path`.
 */
export function normalizeWorkspacePath(raw: string): string {
  if (typeof raw !== "string" || raw.trim() === "") throw invalid(String(raw ?? ""), "the path is empty");
  if (raw.includes("\u0000")) throw invalid(raw, "the path contains a NUL character");
  if (raw.startsWith("/") || raw.startsWith("\\")) throw invalid(raw, "absolute paths are not allowed");
  if (/^[A-Za-z]:/.test(raw)) throw invalid(raw, "drive prefixes are not allowed");
  const segments: string[] = [];
  for (const segment of raw.replaceAll("\\", "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") throw invalid(raw, "'..' components are not allowed");
    segments.push(segment);
  }
  if (segments.length === 0) throw invalid(raw, "the path is empty after normalization");
  const path = segments.join("/");
  if (path.length > MAX_PATH_LENGTH || segments.length > MAX_PATH_SEGMENTS) throw invalid(raw, "the path is too long");
  return path;
}

/** True for the arguments list_files treats as "all visible roots": omitted, "", ".", "./". */
export function isWorkspaceTop(raw: string | undefined): boolean {
  return raw === undefined || raw === "" || raw === "." || raw === "./";
}

/** The first segment of a normalized path (its root name). */
export function firstSegment(path: string): string {
  const slash = path.indexOf("/");
  return slash < 0 ? path : path.slice(0, slash);
}

/** Number of segments below the root (`output/a.md` → 1). */
export function depthBelowRoot(path: string): number {
  return path.split("/").length - 1;
}
