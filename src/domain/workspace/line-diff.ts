/**
 * Myers O(ND) line diff (E. Myers, "An O(ND) Difference Algorithm and Its Variations", 1986),
 * with common prefix/suffix trimming. Pure. Returns null when the edit distance exceeds `maxEdits`
 * (the caller then reports the diff as too large instead of spending unbounded time/memory).
 */

/** Default edit-distance cap (memory is O(D²) ints: 1,500 edits ≈ 9 MB worst case). */
export const DEFAULT_MAX_EDITS = 1500;

/** One diff operation over lines: keep, delete (from a), insert (from b). */
export type DiffOp = { op: "equal" | "delete" | "insert"; line: string };

/** Splits text into lines without their `\n`; a trailing newline adds no empty line. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  return text.replace(/\n$/, "").split("\n");
}

/** Line diff of `a` → `b`, or null if more than `maxEdits` lines differ. */
export function diffLines(a: readonly string[], b: readonly string[], maxEdits = DEFAULT_MAX_EDITS): DiffOp[] | null {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  )
    suffix += 1;
  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);
  const middle = myers(midA, midB, maxEdits);
  if (!middle) return null;
  const head = a.slice(0, prefix).map((line) => ({ op: "equal" as const, line }));
  const tail = a.slice(a.length - suffix).map((line) => ({ op: "equal" as const, line }));
  return [...head, ...middle, ...tail];
}

function myers(a: readonly string[], b: readonly string[], maxEdits: number): DiffOp[] | null {
  const n = a.length;
  const m = b.length;
  const limit = Math.min(n + m, maxEdits);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  /** trace[d] = V at the start of round d for k in [-(d+1), d+1], stored at index k + d + 1. */
  const trace: Int32Array[] = [];
  for (let d = 0; d <= limit; d += 1) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
          ? (v[offset + k + 1] as number)
          : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace);
    }
  }
  return null;
}

/** Walks the saved V snapshots back from (n, m) to (0, 0). */
function backtrack(a: readonly string[], b: readonly string[], trace: Int32Array[]): DiffOp[] {
  const ops: DiffOp[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const snap = trace[d] as Int32Array;
    const at = (k: number) => snap[k + d + 1] as number;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ op: "equal", line: a[x - 1] as string });
      x -= 1;
      y -= 1;
    }
    if (d > 0) {
      if (x === prevX) ops.push({ op: "insert", line: b[prevY] as string });
      else ops.push({ op: "delete", line: a[prevX] as string });
    }
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
}
