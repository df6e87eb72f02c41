/**
 * The window of a file that workspace.read_file returns (docs/spec/tool-system.md §2): whole file, a line
 * range or a char range; the rendered text (header + content, line reads numbered
 * `<right-aligned no> | <line>`) and the structured result. Pure.
 */
import { countChars, countWords, scalarToUtf16, utf16ToScalar } from "./text-metrics";
import { READ_MAX_LINES, type ReadFileArgs } from "./tool-args";
import { ToolError } from "./tool-error";

/** Largest file (UTF-8 bytes) a read without a range may return: 256 KiB. */
export const READ_MAX_FILE_BYTES = 256 * 1024;

/** docs/spec/tool-system.md §2 read_file structured result. Chars are Unicode scalars; lines 1-based inclusive. */
export interface ReadFileResult {
  path: string;
  sha256: string;
  totalLines: number;
  startLine: number;
  endLine: number;
  chars: number;
  totalChars: number;
  words: number;
  totalWords: number;
  startChar: number;
  endChar: number;
  truncated: boolean;
  fullRead: boolean;
}

/** A computed window: the result, the model-facing text and the UTF-16 range seen. */
export interface ReadWindow {
  result: ReadFileResult;
  content: string;
  range: readonly [number, number];
}

/** UTF-16 start offset of each line (1-based line n starts at `starts[n-1]`). */
function lineStarts(text: string): number[] {
  const starts = text === "" ? [] : [0];
  for (let i = text.indexOf("\n"); i >= 0 && i + 1 < text.length; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** Number of lines (a trailing newline does not start a new line; empty text has 0). */
export function countLines(text: string): number {
  return lineStarts(text).length;
}

/** 1-based line number containing UTF-16 offset `index`. */
export function lineAt(starts: readonly number[], index: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/**
 * Computes the read window.
 * @param bytes UTF-8 size of `text`.
 * @throws ToolError `workspace.read_too_large` | `workspace.invalid_line_range` | `workspace.invalid_char_range`.
 */
export function readWindow(path: string, sha256: string, text: string, bytes: number, args: ReadFileArgs): ReadWindow {
  const starts = lineStarts(text);
  const totalLines = starts.length;
  let from = 0;
  let to = text.length;
  let body: string;
  if (args.mode === "whole") {
    if (bytes > READ_MAX_FILE_BYTES) {
      throw new ToolError(
        "workspace.read_too_large",
        `${path} is ${bytes} bytes, more than the ${READ_MAX_FILE_BYTES} bytes a whole-file read returns; read it by line range (start_line, line_count) or char range (start_char, max_chars).`,
      );
    }
    body = text;
  } else if (args.mode === "lines") {
    if (totalLines === 0 ? args.startLine !== 1 : args.startLine > totalLines) {
      throw new ToolError(
        "workspace.invalid_line_range",
        `start_line ${args.startLine} is past the end of ${path} (${totalLines} lines).`,
      );
    }
    const endLine = Math.min(totalLines, args.startLine + (args.lineCount ?? READ_MAX_LINES) - 1);
    from = totalLines === 0 ? 0 : (starts[args.startLine - 1] as number);
    to = endLine >= totalLines ? text.length : (starts[endLine] as number);
    const width = String(Math.max(endLine, 1)).length;
    const lines = totalLines === 0 ? [] : text.slice(from, to).replace(/\n$/, "").split("\n");
    body = lines.map((line, i) => `${String(args.startLine + i).padStart(width)} | ${line}`).join("\n");
  } else {
    const totalChars = countChars(text);
    if (args.startChar > totalChars)
      throw new ToolError(
        "workspace.invalid_char_range",
        `start_char ${args.startChar} is past the end of ${path} (${totalChars} chars).`,
      );
    from = scalarToUtf16(text, args.startChar);
    to = scalarToUtf16(text, args.startChar + args.maxChars);
    body = text.slice(from, to);
  }
  const slice = text.slice(from, to);
  const fullRead = from === 0 && to === text.length;
  const startChar = utf16ToScalar(text, from);
  const chars = countChars(slice);
  const result: ReadFileResult = {
    path,
    sha256,
    totalLines,
    startLine: totalLines === 0 ? 1 : lineAt(starts, from),
    endLine: totalLines === 0 ? 0 : to === from ? lineAt(starts, from) - 1 : lineAt(starts, to - 1),
    chars,
    totalChars: startChar + chars + countChars(text.slice(to)),
    words: countWords(slice),
    totalWords: countWords(text),
    startChar,
    endChar: startChar + chars,
    truncated: !fullRead,
    fullRead,
  };
  const lineNote = args.mode === "lines" ? `lines ${result.startLine}-${result.endLine} of ${totalLines}, ` : "";
  const header = `${path} ${lineNote}chars ${result.startChar}-${result.endChar} of ${result.totalChars}, words ${result.words} of ${result.totalWords}, sha256 ${sha256}${fullRead ? "" : " (truncated)"}`;
  return { result, content: `${header}\n${body}`, range: [from, to] };
}
