import { describe, expect, it } from "vitest";
import { readWindow, READ_MAX_FILE_BYTES } from "../../../src/domain/workspace/read-window";
import { searchText } from "../../../src/domain/workspace/search";
import { countChars, countWords, scalarToUtf16 } from "../../../src/domain/workspace/text-metrics";
import {
  parseApplyPatchArgs,
  parseListFilesArgs,
  parseReadFileArgs,
  parseSearchFilesArgs,
  parseWriteFileArgs,
} from "../../../src/domain/workspace/tool-args";
import { formatCheckpointId, parseCheckpointId } from "../../../src/domain/workspace/checkpoint-id";

function code(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe("tool argument validation", () => {
  it("applies defaults and the per-tool range codes", () => {
    expect(parseListFilesArgs({})).toEqual({ path: undefined, depth: 2 });
    expect(code(() => parseListFilesArgs({ depth: 5 }))).toBe("workspace.list_depth_too_large");
    expect(code(() => parseListFilesArgs({ depth: 0 }))).toBe("tool.invalid_arguments");
    expect(parseSearchFilesArgs({ query: "x" })).toEqual({ query: "x", path: undefined, limit: 20, contextLines: 2 });
    expect(code(() => parseSearchFilesArgs({ query: "x", limit: 0 }))).toBe("workspace.search_limit_invalid");
    expect(code(() => parseSearchFilesArgs({ query: "x", limit: 51 }))).toBe("workspace.search_limit_too_large");
    expect(code(() => parseSearchFilesArgs({ query: "x", context_lines: 6 }))).toBe(
      "workspace.search_context_too_large",
    );
    expect(code(() => parseSearchFilesArgs({ query: " " }))).toBe("tool.invalid_arguments");
    expect(parseReadFileArgs({ path: "a" })).toEqual({ path: "a", mode: "whole" });
    expect(parseReadFileArgs({ path: "a", line_count: 3 })).toEqual({
      path: "a",
      mode: "lines",
      startLine: 1,
      lineCount: 3,
    });
    expect(parseReadFileArgs({ path: "a", start_char: 3 })).toEqual({
      path: "a",
      mode: "chars",
      startChar: 3,
      maxChars: 80000,
    });
    expect(code(() => parseReadFileArgs({ path: "a", line_count: 2, start_char: 0 }))).toBe(
      "workspace.mixed_read_range",
    );
    expect(code(() => parseReadFileArgs({ path: "a", line_count: 1.5 }))).toBe("tool.invalid_arguments");
    expect(parseWriteFileArgs({ path: "a", content: "" })).toEqual({ path: "a", content: "", mode: "replace" });
    expect(code(() => parseWriteFileArgs({ path: "a", content: "", mode: 1 }))).toBe("workspace.write_mode_invalid");
    expect(parseApplyPatchArgs({ path: "a", old_string: "x", new_string: "" })).toEqual({
      path: "a",
      oldString: "x",
      newString: "",
      replaceAll: false,
    });
    expect(code(() => parseApplyPatchArgs({ path: "a", old_string: "x", new_string: "y", replace_all: "yes" }))).toBe(
      "tool.invalid_arguments",
    );
    expect(code(() => parseApplyPatchArgs({ path: "a", old_string: "x", new_string: "y", oops: 1 }))).toBe(
      "tool.invalid_arguments",
    );
  });
});

describe("read window", () => {
  it("counts lines, chars and words and marks a whole-range read as full", () => {
    const w = readWindow("p", "h", "a b\nc\n", 6, { path: "p", mode: "lines", startLine: 1, lineCount: 5 });
    expect(w.result).toMatchObject({
      totalLines: 2,
      startLine: 1,
      endLine: 2,
      fullRead: true,
      truncated: false,
      words: 3,
    });
    const empty = readWindow("p", "h", "", 0, { path: "p", mode: "lines", startLine: 1, lineCount: undefined });
    expect(empty.result).toMatchObject({ totalLines: 0, startLine: 1, endLine: 0, fullRead: true });
    expect(code(() => readWindow("p", "h", "x", READ_MAX_FILE_BYTES + 1, { path: "p", mode: "whole" }))).toBe(
      "workspace.read_too_large",
    );
  });
});

describe("search and metrics", () => {
  it("scores exact-case hits higher and builds refs", () => {
    const hits = searchText("output/a.md", "h", "Moon\nfiller\nfiller\nfiller\nfiller\nfiller\nmoon moon\n", "moon", 0);
    expect(hits.map((h) => [h.startLine, h.score, h.ref])).toEqual([
      [1, 1, "workspace:output/a.md#L1-L1"],
      [7, 3, "workspace:output/a.md#L7-L7"],
    ]);
  });

  it("counts Unicode scalars and CJK words", () => {
    expect(countChars("a😀b")).toBe(3);
    expect(countWords("hello 世界 wide-world")).toBe(4);
    expect(scalarToUtf16("😀x", 1)).toBe(2);
  });

  it("formats checkpoint ids", () => {
    expect(formatCheckpointId(1)).toBe("cp_000001");
    expect(parseCheckpointId("cp_000042")).toBe(42);
    expect(parseCheckpointId("cp_1")).toBeNull();
    expect(parseCheckpointId("cp_000000")).toBeNull();
  });
});
