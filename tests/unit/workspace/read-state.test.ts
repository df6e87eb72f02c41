import { describe, expect, it } from "vitest";
import {
  afterAppend,
  afterPatch,
  afterRead,
  applyPlan,
  checkPatch,
  checkReplaceWrite,
  fullyKnown,
  mergeRanges,
  type ReadState,
} from "../../../src/domain/workspace/read-state";

function code(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
}

const req = (oldString: string, newString: string, replaceAll = false) => ({
  path: "output/a.md",
  oldString,
  newString,
  replaceAll,
});

describe("read-state rules", () => {
  it("merges partial reads of one version and resets on a new version", () => {
    let s = afterRead(null, "h1", false, [0, 5]);
    s = afterRead(s, "h1", false, [5, 9]);
    s = afterRead(s, "h1", false, [20, 30]);
    expect(s.ranges).toEqual([
      [0, 9],
      [20, 30],
    ]);
    expect(afterRead(s, "h2", false, [1, 2]).ranges).toEqual([[1, 2]]);
    expect(afterRead(s, "h1", true, [0, 40])).toEqual(fullyKnown("h1"));
    expect(
      mergeRanges([
        [3, 4],
        [0, 1],
        [1, 3],
      ]),
    ).toEqual([[0, 4]]);
  });

  it("replace-write needs a read of the current version", () => {
    expect(code(() => checkReplaceWrite("p", null, "h1"))).toBe("workspace.write_requires_read");
    expect(code(() => checkReplaceWrite("p", fullyKnown("h0"), "h1"))).toBe("workspace.write_stale_file");
    expect(code(() => checkReplaceWrite("p", afterRead(null, "h1", false, [0, 1]), "h1"))).toBeNull();
  });

  it("append keeps full knowledge only when it was full and current", () => {
    expect(afterAppend(null, null, "h1")).toEqual(fullyKnown("h1"));
    expect(afterAppend(fullyKnown("h0"), "h0", "h1")).toEqual(fullyKnown("h1"));
    expect(afterAppend(fullyKnown("h0"), "hX", "h1")).toBeNull();
    expect(afterAppend(null, "h0", "h1")).toBeNull();
    expect(afterAppend(afterRead(null, "h0", false, [0, 2]), "h0", "h1")).toMatchObject({
      sha256: "h1",
      full: false,
      ranges: [[0, 2]],
    });
  });

  it("checks patches in the contract's order", () => {
    const text = "one two one";
    const noop = () => {};
    expect(code(() => checkPatch(req("one", "one"), fullyKnown("h"), "h", text, noop))).toBe(
      "workspace.patch_no_change",
    );
    expect(code(() => checkPatch(req("two", "2"), null, "h", text, noop))).toBe("workspace.patch_requires_read");
    expect(code(() => checkPatch(req("one", "1", true), afterRead(null, "h", false, [0, 3]), "h", text, noop))).toBe(
      "workspace.patch_requires_full_read",
    );
    expect(code(() => checkPatch(req("two", "2"), fullyKnown("old"), "h", text, noop))).toBe(
      "workspace.patch_stale_file",
    );
    expect(code(() => checkPatch(req("three", "3"), fullyKnown("h"), "h", text, noop))).toBe(
      "workspace.patch_old_string_not_found",
    );
    expect(code(() => checkPatch(req("one", "1"), fullyKnown("h"), "h", text, noop))).toBe(
      "workspace.patch_old_string_not_unique",
    );
    expect(checkPatch(req("one", "1", true), fullyKnown("h"), "h", text, noop).positions).toEqual([0, 8]);
  });

  it("marks a partial read as needing a full read after a failed patch", () => {
    const partial: ReadState = afterRead(null, "h", false, [0, 3]);
    let flagged = false;
    expect(code(() => checkPatch(req("two", "2"), partial, "h", "one two", () => (flagged = true)))).toBe(
      "workspace.patch_requires_read",
    );
    expect(flagged).toBe(true);
    expect(
      code(() => checkPatch(req("one", "1"), { ...partial, requireFullRead: true }, "h", "one two", () => {})),
    ).toBe("workspace.patch_requires_full_read");
  });

  it("shifts seen ranges after a patch from a partial read", () => {
    const text = "aaa bbb ccc ddd";
    const state = afterRead(null, "h", false, [4, 11]); // "bbb ccc"
    const request = req("bbb", "BBBBB");
    const plan = checkPatch(request, state, "h", text, () => {});
    const next = applyPlan(text, request, plan);
    expect(next).toBe("aaa BBBBB ccc ddd");
    const after = afterPatch(state, "h2", request, plan);
    expect(after.ranges).toEqual([[4, 13]]);
    expect(next.slice(4, 13)).toBe("BBBBB ccc");
  });
});
