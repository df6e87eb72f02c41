/**
 * RunMemo (src/application/agent/loop/run-memo.ts, docs/decisions/3101): the agent step's memory
 * of a run's parsed documents follows every write and every changed stored text, and reads from
 * storage only what it does not hold.
 */
import { describe, expect, it } from "vitest";
import { MAX_RUNS, RunMemo } from "../../../src/application/agent/loop/run-memo";

const text = (words: string) => JSON.stringify({ role: "user", parts: [{ type: "text", text: words }] });

describe("RunMemo", () => {
  it("appends to the history it holds and reads only the messages it lacks", () => {
    const memo = new RunMemo();
    const reads: number[] = [];
    const stored = new Map([
      [1, text("one")],
      [2, text("two")],
      [3, text("three")],
    ]);
    const read = (n: number) => {
      reads.push(n);
      return stored.get(n)!;
    };
    expect(memo.messages("run_a", 2, read).map((m) => (m.parts[0] as { text: string }).text)).toEqual(["one", "two"]);
    expect(reads).toEqual([1, 2]);
    memo.rememberMessage("run_a", 3, text("three"));
    expect(memo.messages("run_a", 3, read)).toHaveLength(3);
    expect(reads).toEqual([1, 2]);
  });

  it("a message written again (a retried step) replaces the remembered one", () => {
    const memo = new RunMemo();
    memo.rememberMessage("run_a", 1, text("first try"));
    memo.rememberMessage("run_a", 1, text("second try"));
    const [message] = memo.messages("run_a", 1, () => {
      throw new Error("must not read");
    });
    expect((message!.parts[0] as { text: string }).text).toBe("second try");
  });

  it("parses a document once per distinct stored text", () => {
    const memo = new RunMemo();
    let parses = 0;
    const parse = (t: string) => {
      parses += 1;
      return JSON.parse(t) as { v: number };
    };
    const first = memo.parsed("run_a", "input/x.json", '{"v":1}', parse);
    expect(memo.parsed("run_a", "input/x.json", '{"v":1}', parse)).toBe(first);
    expect(parses).toBe(1);
    expect(memo.parsed("run_a", "input/x.json", '{"v":2}', parse)).toEqual({ v: 2 });
    expect(memo.parsed("run_b", "input/x.json", '{"v":2}', parse)).toEqual({ v: 2 });
    expect(parses).toBe(3);
  });

  it("forgets a run, and keeps at most MAX_RUNS runs (least recently used dropped)", () => {
    const memo = new RunMemo();
    memo.rememberMessage("run_a", 1, text("kept"));
    memo.forget("run_a");
    expect(memo.messages("run_a", 1, () => text("from storage"))[0]!.parts[0]).toMatchObject({ text: "from storage" });
    for (let i = 0; i <= MAX_RUNS; i += 1) memo.rememberMessage(`run_${i}`, 1, text(`run ${i}`));
    expect(memo.messages("run_0", 1, () => text("reloaded"))[0]!.parts[0]).toMatchObject({ text: "reloaded" });
    expect(memo.messages(`run_${MAX_RUNS}`, 1, () => text("reloaded"))[0]!.parts[0]).toMatchObject({
      text: `run ${MAX_RUNS}`,
    });
  });
});
