import { describe, expect, it } from "vitest";
import { diffLines, splitLines } from "../../../src/domain/workspace/line-diff";
import { unifiedDiff } from "../../../src/domain/workspace/unified-diff";

/** Applies ops to check they rebuild both sides. */
function sides(ops: NonNullable<ReturnType<typeof diffLines>>): [string[], string[]] {
  return [
    ops.filter((o) => o.op !== "insert").map((o) => o.line),
    ops.filter((o) => o.op !== "delete").map((o) => o.line),
  ];
}

function lcsLength(a: string[], b: string[]): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  return dp[0]![0]!;
}

describe("Myers line diff", () => {
  it("rebuilds both sides and is minimal on random inputs", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let round = 0; round < 300; round += 1) {
      const a = Array.from({ length: Math.floor(rand() * 12) }, () => "abcd"[Math.floor(rand() * 4)]!);
      const b = Array.from({ length: Math.floor(rand() * 12) }, () => "abcd"[Math.floor(rand() * 4)]!);
      const ops = diffLines(a, b)!;
      expect(sides(ops)).toEqual([a, b]);
      const edits = ops.filter((o) => o.op !== "equal").length;
      expect(edits).toBe(a.length + b.length - 2 * lcsLength(a, b));
    }
  });

  it("gives up (null) past the edit cap", () => {
    const a = Array.from({ length: 50 }, (_, i) => `a${i}`);
    const b = Array.from({ length: 50 }, (_, i) => `b${i}`);
    expect(diffLines(a, b, 10)).toBeNull();
    expect(diffLines(a, b, 100)).not.toBeNull();
  });

  it("splits lines without a phantom last line", () => {
    expect(splitLines("")).toEqual([]);
    expect(splitLines("a\nb\n")).toEqual(["a", "b"]);
    expect(splitLines("a\nb")).toEqual(["a", "b"]);
  });
});

describe("unified diff", () => {
  it("renders a modified file with 3 lines of context", () => {
    const old = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"].join("\n") + "\n";
    const next = old.replace("5\n", "five\n");
    const { diff, additions, deletions } = unifiedDiff("output/a.md", old, next);
    expect(diff).toBe("--- a/output/a.md\n+++ b/output/a.md\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
    expect([additions, deletions]).toEqual([1, 1]);
  });

  it("renders added and deleted files against /dev/null", () => {
    expect(unifiedDiff("plan/p.md", null, "x\ny\n").diff).toBe(
      "--- /dev/null\n+++ b/plan/p.md\n@@ -0,0 +1,2 @@\n+x\n+y\n",
    );
    expect(unifiedDiff("plan/p.md", "x\n", null).diff).toBe("--- a/plan/p.md\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-x\n");
  });

  it("marks a missing newline at end of file", () => {
    expect(unifiedDiff("o.md", "a\nb", "a\nb\n").diff).toBe(
      "--- a/o.md\n+++ b/o.md\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n",
    );
  });

  it("splits far-apart changes into separate hunks and returns empty text for identical files", () => {
    const old = Array.from({ length: 30 }, (_, i) => `l${i}`).join("\n") + "\n";
    const next = old.replace("l2\n", "L2\n").replace("l25\n", "L25\n");
    expect(unifiedDiff("o.md", old, next).diff!.match(/^@@/gm)).toHaveLength(2);
    expect(unifiedDiff("o.md", old, old).diff).toBe("");
  });
});
