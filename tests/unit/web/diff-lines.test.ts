/** How the run page draws a unified diff (web/src/runs/timeline/diff-lines.ts). */
import { describe, expect, it } from "vitest";
import { diffLines } from "../../../web/src/runs/timeline/diff-lines";

describe("diffLines", () => {
  it("a diff text's final newline is not drawn as an empty last line", () => {
    const text = "--- a/plan/ｚ.md\n+++ b/plan/ｚ.md\n@@ -1 +1,2 @@\n one\n+two\n";
    expect(diffLines(text)).toEqual([
      { kind: "hunk", text: "@@ -1 +1,2 @@" },
      { kind: "ctx", text: " one" },
      { kind: "add", text: "+two" },
    ]);
  });

  it("keeps a real empty context line and the no-newline marker", () => {
    const text = "@@ -1,2 +1,2 @@\n-old\n+new\n \n\\ No newline at end of file";
    expect(diffLines(text).map((line) => line.kind)).toEqual(["hunk", "del", "add", "ctx", "ctx"]);
    expect(diffLines(text)[3]).toEqual({ kind: "ctx", text: " " });
  });

  it("an added line whose text starts with ++ is drawn, not taken for a file header", () => {
    const text = "--- a/p\n+++ b/p\n@@ -1 +1,2 @@\n one\n+++ heading\n";
    expect(diffLines(text).map((line) => line.text)).toEqual(["@@ -1 +1,2 @@", " one", "+++ heading"]);
  });

  it("an empty diff draws nothing", () => {
    expect(diffLines("")).toEqual([]);
  });
});
