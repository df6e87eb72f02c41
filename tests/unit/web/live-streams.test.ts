/**
 * A run's live model text on a device (web/src/runs/timeline/use-model-stream.ts): a parent and its
 * sub-agents stream at the same time, each into its own text; a device that reads the stored
 * streams mid-way and applies the frames after them ends with what a device that watched all along
 * has (docs/spec/agent-runtime.md §9.2).
 */
import { describe, expect, it } from "vitest";
import type { ServerFrameOf } from "../../../web/src/api/types";
import { applyFrame, streamsOf } from "../../../web/src/runs/timeline/use-model-stream";

type Delta = ServerFrameOf<"agent.model_delta">;
const frame = (seq: number, invocationId: string, round: number, text: string, attempt = 1): Delta => ({
  type: "agent.model_delta",
  runId: "run_1",
  invocationId,
  round,
  attempt,
  seq,
  kind: "text",
  text,
});
const texts = (live: ReturnType<typeof streamsOf>) =>
  Object.fromEntries(Object.entries(live.views).map(([inv, v]) => [inv, `${v.round}/${v.attempt}:${v.text}`]));

describe("live model text of a run", () => {
  const frames = [
    frame(1, "inv_root", 2, "W2 "),
    frame(2, "inv_child", 1, "RS1 "),
    frame(3, "inv_root", 2, "waiting "),
    frame(4, "inv_child", 1, "looking "),
    frame(5, "inv_child", 1, "it up"),
    frame(6, "inv_root", 3, "W3"),
  ];

  it("keeps a parent's and a sub-agent's interleaved frames apart, each from its first word", () => {
    const live = frames.slice(0, 5).reduce(applyFrame, { lastSeq: 0, views: {} });
    expect(texts(live)).toEqual({ inv_root: "2/1:W2 waiting ", inv_child: "1/1:RS1 looking it up" });
    // A new round of the parent starts its text over; the sub-agent's stays.
    expect(texts(applyFrame(live, frames[5]!))).toEqual({ inv_root: "3/1:W3", inv_child: "1/1:RS1 looking it up" });
    // A frame seen already changes nothing.
    expect(applyFrame(live, frames[3]!)).toBe(live);
  });

  it("a device that reads the stored streams mid-way ends where a watching device ends", () => {
    const watched = frames.reduce(applyFrame, { lastSeq: 0, views: {} });
    const stored = {
      invocationId: "inv_child",
      round: 1,
      attempt: 1,
      text: "RS1 looking ",
      reasoning: "",
      lastSeq: 4,
      streams: [
        { invocationId: "inv_root", round: 2, attempt: 1, text: "W2 waiting ", reasoning: "", lastSeq: 3 },
        { invocationId: "inv_child", round: 1, attempt: 1, text: "RS1 looking ", reasoning: "", lastSeq: 4 },
      ],
    };
    // Frames sent before the read answered are held and replayed: those already read are skipped.
    const joined = frames.slice(2).reduce(applyFrame, streamsOf(stored));
    expect(texts(joined)).toEqual(texts(watched));
    // A view stored before `streams` existed counts as its invocation's only stream.
    const { streams: _streams, ...old } = stored;
    expect(texts(streamsOf(old as never))).toEqual({ inv_child: "1/1:RS1 looking " });
  });
});
