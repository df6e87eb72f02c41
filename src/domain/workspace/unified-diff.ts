/**
 * Unified diff text of one file between two versions (`diff -u` style, 3 lines of context):
 * `--- a/<path>` / `+++ b/<path>` headers, `@@ -l,s +l,s @@` hunks, `\ No newline at end of file`
 * markers. Added files diff from /dev/null, deleted files to /dev/null. Pure.
 */
import { diffLines, splitLines, type DiffOp } from "./line-diff";

/** Lines of context around each change. */
export const DIFF_CONTEXT = 3;

const NO_EOL = "\u0000\u0001no-eol";

/** A file's diff: `diff` is null when it was too large to compute (see line-diff maxEdits). */
export interface FileDiffText {
  diff: string | null;
  additions: number;
  deletions: number;
}

/** Unified diff of `oldText` → `newText` (null text = file absent on that side). */
export function unifiedDiff(
  path: string,
  oldText: string | null,
  newText: string | null,
  maxEdits?: number,
): FileDiffText {
  const a = splitLines(oldText ?? "");
  const b = splitLines(newText ?? "");
  const oldEndsNl = oldText === null || oldText === "" || oldText.endsWith("\n");
  const newEndsNl = newText === null || newText === "" || newText.endsWith("\n");
  // A last line without its newline differs from the same text with one: key it apart.
  if (!oldEndsNl) a[a.length - 1] += NO_EOL;
  if (!newEndsNl) b[b.length - 1] += NO_EOL;
  const keyed = diffLines(a, b, maxEdits);
  if (!keyed) return { diff: null, additions: 0, deletions: 0 };
  const ops = keyed.map((o) => ({
    op: o.op,
    line: o.line.endsWith(NO_EOL) ? o.line.slice(0, -NO_EOL.length) : o.line,
  }));
  const header = `--- ${oldText === null ? "/dev/null" : `a/${path}`}\n+++ ${newText === null ? "/dev/null" : `b/${path}`}\n`;
  const hunks = buildHunks(ops, a.length, b.length, oldEndsNl, newEndsNl);
  return {
    diff: hunks.length === 0 ? "" : header + hunks.join(""),
    additions: ops.filter((o) => o.op === "insert").length,
    deletions: ops.filter((o) => o.op === "delete").length,
  };
}

function buildHunks(ops: DiffOp[], lenA: number, lenB: number, oldEndsNl: boolean, newEndsNl: boolean): string[] {
  const changed: number[] = [];
  ops.forEach((o, i) => {
    if (o.op !== "equal") changed.push(i);
  });
  if (changed.length === 0) return [];
  const groups: Array<[number, number]> = [];
  for (const i of changed) {
    const last = groups[groups.length - 1];
    if (last && i - last[1] <= 2 * DIFF_CONTEXT + 1) last[1] = i;
    else groups.push([i, i]);
  }
  // line numbers (0-based) in a and b before each op
  const posA: number[] = [];
  const posB: number[] = [];
  let ia = 0;
  let ib = 0;
  for (const o of ops) {
    posA.push(ia);
    posB.push(ib);
    if (o.op !== "insert") ia += 1;
    if (o.op !== "delete") ib += 1;
  }
  return groups.map(([first, last]) => {
    const start = Math.max(0, first - DIFF_CONTEXT);
    const end = Math.min(ops.length - 1, last + DIFF_CONTEXT);
    let countA = 0;
    let countB = 0;
    let body = "";
    for (let i = start; i <= end; i += 1) {
      const o = ops[i] as DiffOp;
      const prefix = o.op === "equal" ? " " : o.op === "delete" ? "-" : "+";
      body += `${prefix}${o.line}\n`;
      const aIndex = posA[i] as number;
      const bIndex = posB[i] as number;
      if (o.op !== "insert") countA += 1;
      if (o.op !== "delete") countB += 1;
      const lastOfA = o.op !== "insert" && aIndex === lenA - 1 && !oldEndsNl;
      const lastOfB = o.op !== "delete" && bIndex === lenB - 1 && !newEndsNl;
      if (
        (o.op === "delete" && lastOfA) ||
        (o.op === "insert" && lastOfB) ||
        (o.op === "equal" && (lastOfA || lastOfB))
      )
        body += "\\ No newline at end of file\n";
    }
    const startA = countA === 0 ? (posA[start] as number) : (posA[start] as number) + 1;
    const startB = countB === 0 ? (posB[start] as number) : (posB[start] as number) + 1;
    return `@@ -${startA},${countA} +${startB},${countB} @@\n${body}`;
  });
}
