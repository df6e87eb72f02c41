/**
 * The run's live model text (docs/spec/agent-runtime.md §9 "Live model text"): deltas become
 * `agent.model_delta` frames no more often than every 50 ms, nothing is lost or reordered, seq
 * continues across attempts, and the stored view always equals the text of frames 1..lastSeq.
 */
import { describe, expect, it } from "vitest";
import { FRAME_INTERVAL_MS, readModelStream, RunModelStream } from "../../../src/application/agent/loop/model-stream";

function harness() {
  const docs = new Map<string, string>();
  const frames: Array<{ at: number; frame: any }> = [];
  const deps = {
    store: {
      getDoc: (_runId: string, name: string) => docs.get(name) ?? null,
      putDoc: (_runId: string, name: string, text: string) => void docs.set(name, text),
    },
    journal: { publishToRun: (_runId: string, frame: any) => void frames.push({ at: Date.now(), frame }) },
    clock: { now: () => Date.now() },
  };
  return { deps, frames, read: () => readModelStream(deps.store, "run_1") };
}

const waitFor = async (check: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe("RunModelStream", () => {
  it("before any model call the stream is empty", () => {
    expect(harness().read()).toEqual({
      invocationId: "inv_root",
      round: 0,
      attempt: 0,
      text: "",
      reasoning: "",
      lastSeq: 0,
      streams: [],
    });
  });

  it("sends at most one frame per 50 ms, loses nothing and keeps the stored view equal to the frames", async () => {
    const { deps, frames, read } = harness();
    const stream = new RunModelStream("run_1", { invocationId: "inv_root", round: 2, attempt: 1 }, deps);
    let sent = "";
    const started = Date.now();
    while (Date.now() - started < 400) {
      const piece = `w${sent.length} `;
      sent += piece;
      stream.push("text", piece);
      if (sent.length % 7 === 0) stream.push("reasoning", "r");
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await waitFor(() => read().text === sent);
    stream.close();
    const text = frames
      .filter((f) => f.frame.kind === "text")
      .map((f) => f.frame.text)
      .join("");
    expect(text).toBe(sent);
    expect(frames.map((f) => f.frame.seq)).toEqual(frames.map((_, i) => i + 1));
    for (let i = 1; i < frames.length; i += 1)
      expect(frames[i]!.at - frames[i - 1]!.at).toBeGreaterThanOrEqual(FRAME_INTERVAL_MS - 2);
    expect(frames.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / FRAME_INTERVAL_MS) + 2);
    expect(frames[0]!.frame).toMatchObject({ type: "agent.model_delta", runId: "run_1", round: 2, attempt: 1 });
    expect(read()).toMatchObject({ round: 2, attempt: 1, text: sent, lastSeq: frames.length });
  });

  it("a new attempt starts its text over and continues the seq", async () => {
    const { deps, frames, read } = harness();
    const first = new RunModelStream("run_1", { invocationId: "inv_root", round: 1, attempt: 1 }, deps);
    first.push("text", "Once upon");
    first.close();
    const second = new RunModelStream("run_1", { invocationId: "inv_root", round: 1, attempt: 2 }, deps);
    expect(read()).toMatchObject({ attempt: 2, text: "", lastSeq: 1 });
    second.push("text", "A dragon");
    second.close();
    expect(frames.map((f) => [f.frame.seq, f.frame.attempt, f.frame.text])).toEqual([
      [1, 1, "Once upon"],
      [2, 2, "A dragon"],
    ]);
    expect(read()).toMatchObject({ text: "A dragon", lastSeq: 2 });
  });

  it("an attempt that streams nothing leaves empty text empty without a write, and text is never stale", () => {
    const { deps, read } = harness();
    let writes = 0;
    const putDoc = deps.store.putDoc;
    deps.store.putDoc = (runId, name, text) => {
      writes += 1;
      putDoc(runId, name, text);
    };
    // Rounds of tool calls only: no text, so nothing to clear.
    new RunModelStream("run_1", { invocationId: "inv_root", round: 1, attempt: 1 }, deps).close();
    new RunModelStream("run_1", { invocationId: "inv_root", round: 2, attempt: 1 }, deps).close();
    expect(writes).toBe(0);
    expect(read()).toMatchObject({ text: "", reasoning: "", lastSeq: 0 });
    const third = new RunModelStream("run_1", { invocationId: "inv_root", round: 3, attempt: 1 }, deps);
    third.push("reasoning", "Think.");
    third.close();
    expect(read()).toMatchObject({ round: 3, reasoning: "Think.", lastSeq: 1 });
    // The next attempt clears the stored reasoning before its first delta.
    new RunModelStream("run_1", { invocationId: "inv_root", round: 4, attempt: 1 }, deps);
    expect(read()).toMatchObject({ round: 4, text: "", reasoning: "", lastSeq: 1 });
  });

  it("a parent's and a sub-agent's attempts streaming at once never send the same seq", () => {
    const { deps, frames, read } = harness();
    const parent = new RunModelStream("run_1", { invocationId: "inv_root", round: 2, attempt: 1 }, deps);
    const child = new RunModelStream("run_1", { invocationId: "inv_child", round: 1, attempt: 1 }, deps);
    for (let i = 0; i < 3; i += 1) {
      parent.push("text", `P${i} `);
      parent.close();
      child.push("text", `C${i} `);
      child.close();
    }
    expect(frames.map((f) => [f.frame.seq, f.frame.invocationId])).toEqual([
      [1, "inv_root"],
      [2, "inv_child"],
      [3, "inv_root"],
      [4, "inv_child"],
      [5, "inv_root"],
      [6, "inv_child"],
    ]);
    // Each invocation's text is kept whole beside the other's.
    expect(read()).toMatchObject({ invocationId: "inv_child", text: "C0 C1 C2 ", lastSeq: 6 });
    expect(read().streams.map((s) => [s.invocationId, s.text, s.lastSeq])).toEqual([
      ["inv_root", "P0 P1 P2 ", 5],
      ["inv_child", "C0 C1 C2 ", 6],
    ]);
    // The parent's next round clears only the parent's text.
    new RunModelStream("run_1", { invocationId: "inv_root", round: 3, attempt: 1 }, deps);
    expect(read().streams.map((s) => [s.invocationId, s.round, s.text])).toEqual([
      ["inv_child", 1, "C0 C1 C2 "],
      ["inv_root", 3, ""],
    ]);
  });
});
