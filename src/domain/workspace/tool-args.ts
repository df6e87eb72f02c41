/**
 * Pure argument validation of the five workspace tools (docs/spec/tool-system.md §2). Input is the already
 * normalized JSON object (docs/spec/tool-system.md §1 ToolArguments); unknown keys and wrong types are
 * `tool.invalid_arguments`; range rules that do not need the file are checked here with the
 * tool's own codes. Every failure is a recoverable ToolError.
 */
import { ToolError } from "./tool-error";

export const LIST_DEFAULT_DEPTH = 2;
export const LIST_MAX_DEPTH = 4;
export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_DEFAULT_CONTEXT = 2;
export const SEARCH_MAX_CONTEXT = 5;
export const READ_MAX_LINES = 1200;
export const READ_MAX_CHARS = 80_000;

type Args = Record<string, unknown>;

function invalidArgs(tool: string, message: string): ToolError {
  return new ToolError("tool.invalid_arguments", `Invalid arguments for ${tool}: ${message}.`);
}

function only(tool: string, args: Args, keys: readonly string[]): void {
  if (args === null || typeof args !== "object" || Array.isArray(args))
    throw invalidArgs(tool, "arguments must be a JSON object");
  for (const key of Object.keys(args))
    if (!keys.includes(key)) throw invalidArgs(tool, `unknown argument "${key}" (allowed: ${keys.join(", ")})`);
}

function str(tool: string, args: Args, key: string, required: true): string;
function str(tool: string, args: Args, key: string, required: false): string | undefined;
function str(tool: string, args: Args, key: string, required: boolean): string | undefined {
  const value = args[key];
  if (value === undefined || value === null) {
    if (required) throw invalidArgs(tool, `"${key}" is required`);
    return undefined;
  }
  if (typeof value !== "string") throw invalidArgs(tool, `"${key}" must be a string`);
  return value;
}

function int(tool: string, args: Args, key: string): number | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value)) throw invalidArgs(tool, `"${key}" must be an integer`);
  return value;
}

function bool(tool: string, args: Args, key: string): boolean | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw invalidArgs(tool, `"${key}" must be true or false`);
  return value;
}

/** workspace.list_files `{path?, depth?}`; depth default 2, 1..4 (`workspace.list_depth_too_large`). */
export function parseListFilesArgs(args: Args): { path: string | undefined; depth: number } {
  const tool = "workspace_list_files";
  only(tool, args, ["path", "depth"]);
  const depth = int(tool, args, "depth") ?? LIST_DEFAULT_DEPTH;
  if (depth > LIST_MAX_DEPTH)
    throw new ToolError(
      "workspace.list_depth_too_large",
      `depth ${depth} is too large; the maximum is ${LIST_MAX_DEPTH}.`,
    );
  if (depth < 1) throw invalidArgs(tool, '"depth" must be at least 1');
  return { path: str(tool, args, "path", false), depth };
}

/** workspace.search_files `{query, path?, limit?, context_lines?}`. */
export function parseSearchFilesArgs(args: Args): {
  query: string;
  path: string | undefined;
  limit: number;
  contextLines: number;
} {
  const tool = "workspace_search_files";
  only(tool, args, ["query", "path", "limit", "context_lines"]);
  const query = str(tool, args, "query", true);
  if (query.trim() === "") throw invalidArgs(tool, '"query" must not be empty');
  const limit = int(tool, args, "limit") ?? SEARCH_DEFAULT_LIMIT;
  if (limit < 1)
    throw new ToolError("workspace.search_limit_invalid", `limit must be between 1 and ${SEARCH_MAX_LIMIT}.`);
  if (limit > SEARCH_MAX_LIMIT)
    throw new ToolError(
      "workspace.search_limit_too_large",
      `limit ${limit} is too large; the maximum is ${SEARCH_MAX_LIMIT}.`,
    );
  const contextLines = int(tool, args, "context_lines") ?? SEARCH_DEFAULT_CONTEXT;
  if (contextLines > SEARCH_MAX_CONTEXT)
    throw new ToolError(
      "workspace.search_context_too_large",
      `context_lines ${contextLines} is too large; the maximum is ${SEARCH_MAX_CONTEXT}.`,
    );
  if (contextLines < 0) throw invalidArgs(tool, '"context_lines" must not be negative');
  return { query, path: str(tool, args, "path", false), limit, contextLines };
}

/** Parsed read_file arguments: exactly one of the three modes. */
export type ReadFileArgs =
  | { path: string; mode: "whole" }
  | { path: string; mode: "lines"; startLine: number; lineCount: number | undefined }
  | { path: string; mode: "chars"; startChar: number; maxChars: number };

/** workspace.read_file `{path, start_line?, line_count?, start_char?, max_chars?}`. */
export function parseReadFileArgs(args: Args): ReadFileArgs {
  const tool = "workspace_read_file";
  only(tool, args, ["path", "start_line", "line_count", "start_char", "max_chars"]);
  const path = str(tool, args, "path", true);
  const startLine = int(tool, args, "start_line");
  const lineCount = int(tool, args, "line_count");
  const startChar = int(tool, args, "start_char");
  const maxChars = int(tool, args, "max_chars");
  const lines = startLine !== undefined || lineCount !== undefined;
  const chars = startChar !== undefined || maxChars !== undefined;
  if (lines && chars)
    throw new ToolError(
      "workspace.mixed_read_range",
      "Use either a line range (start_line, line_count) or a char range (start_char, max_chars), not both.",
    );
  if (lines) {
    if (lineCount !== undefined && lineCount > READ_MAX_LINES)
      throw new ToolError(
        "workspace.read_line_count_too_large",
        `line_count ${lineCount} is too large; read at most ${READ_MAX_LINES} lines at once.`,
      );
    if ((startLine !== undefined && startLine < 1) || (lineCount !== undefined && lineCount < 1))
      throw new ToolError("workspace.invalid_line_range", "start_line is 1-based and line_count must be at least 1.");
    return { path, mode: "lines", startLine: startLine ?? 1, lineCount };
  }
  if (chars) {
    if (maxChars !== undefined && maxChars > READ_MAX_CHARS)
      throw new ToolError(
        "workspace.read_char_count_too_large",
        `max_chars ${maxChars} is too large; read at most ${READ_MAX_CHARS} chars at once.`,
      );
    if ((startChar !== undefined && startChar < 0) || (maxChars !== undefined && maxChars < 1))
      throw new ToolError("workspace.invalid_char_range", "start_char is 0-based and max_chars must be at least 1.");
    return { path, mode: "chars", startChar: startChar ?? 0, maxChars: maxChars ?? READ_MAX_CHARS };
  }
  return { path, mode: "whole" };
}

/** workspace.write_file `{path, content, mode?}`; mode `replace` (default) | `append`. */
export function parseWriteFileArgs(args: Args): { path: string; content: string; mode: "replace" | "append" } {
  const tool = "workspace_write_file";
  only(tool, args, ["path", "content", "mode"]);
  const path = str(tool, args, "path", true);
  const content = str(tool, args, "content", true);
  const mode = args.mode ?? "replace";
  if (mode !== "replace" && mode !== "append")
    throw new ToolError(
      "workspace.write_mode_invalid",
      `mode must be "replace" or "append", not ${JSON.stringify(mode).slice(0, 40)}.`,
    );
  return { path, content, mode };
}

/** workspace.apply_patch `{path, old_string, new_string, replace_all?}`. */
export function parseApplyPatchArgs(args: Args): {
  path: string;
  oldString: string;
  newString: string;
  replaceAll: boolean;
} {
  const tool = "workspace_apply_patch";
  only(tool, args, ["path", "old_string", "new_string", "replace_all"]);
  const path = str(tool, args, "path", true);
  const oldString = str(tool, args, "old_string", true);
  const newString = str(tool, args, "new_string", true);
  if (oldString === "")
    throw new ToolError(
      "workspace.patch_empty_old_string",
      "old_string must not be empty; copy the exact text to replace from the file.",
    );
  return { path, oldString, newString, replaceAll: bool(tool, args, "replace_all") ?? false };
}
