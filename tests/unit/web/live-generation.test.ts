/**
 * The streamed text a chat shows (web/src/chats/live-generation.ts; docs/spec/generation.md §7):
 * a device that joins mid-stream shows the record's text and only later deltas, once each and in
 * order, and a new round or attempt starts over.
 */
import { describe, expect, it } from "vitest";
import {
  livePlacement,
  liveText,
  startedGeneration,
  withBase,
  withDelta,
} from "../../../web/src/chats/live-generation";

const d = (seq: number, text: string, round = 1, attempt = 1, kind: "text" | "reasoning" = "text") => ({
  seq,
  round,
  attempt,
  kind,
  text,
});

describe("live generation text", () => {
  it("joins deltas in seq order, each once, even when they arrive out of order or twice", () => {
    let live = startedGeneration("g", "normal");
    for (const delta of [d(2, "lo, "), d(1, "Hel"), d(3, "world"), d(2, "lo, ")]) live = withDelta(live, delta);
    expect(liveText(live).text).toBe("Hello, world");
  });

  it("joining mid-stream: the record's text, then only deltas after its lastSeq (deltas seen before the read are not doubled)", () => {
    let live = startedGeneration("g", "normal");
    live = withDelta(live, d(2, "lo"));
    live = withDelta(live, d(4, "!"));
    live = withBase(live, { round: 1, attempt: 1, lastSeq: 3, text: "Hello", reasoning: "" });
    expect(liveText(live).text).toBe("Hello!");
  });

  it("a new round starts over, and a retried attempt replaces the round's text", () => {
    let live = startedGeneration("g", "normal");
    live = withDelta(live, d(1, "Let me check. "));
    live = withDelta(live, d(2, "The answer", 2));
    expect(liveText(live)).toMatchObject({ round: 2, text: "The answer" });
    live = withDelta(live, d(3, "Fresh start", 2, 2));
    expect(liveText(live).text).toBe("Fresh start");
  });

  it("keeps reasoning apart from the text", () => {
    let live = startedGeneration("g", "swipe");
    live = withDelta(live, d(1, "thinking", 1, 1, "reasoning"));
    live = withDelta(live, d(2, "Hi"));
    expect(liveText(live)).toMatchObject({ text: "Hi", reasoning: "thinking" });
  });

  describe("where the streamed text shows", () => {
    const reply = { messageId: "m9", revision: 3 };
    it("a continue streams into the last reply while it is still the revision it began on", () => {
      expect(livePlacement("continue", 1, reply, reply)).toBe("into");
      expect(livePlacement("swipe", 1, reply, reply)).toBe("into");
    });
    it("once the continued reply is saved (a newer revision), the live text is no longer added to it", () => {
      // The saved reply already holds the continuation; adding the live text showed it twice
      // until the end frame arrived (tester report, 2026-12-02).
      expect(livePlacement("continue", 1, { messageId: "m9", revision: 4 }, reply)).toBe("none");
      expect(livePlacement("swipe", 1, { messageId: "m9", revision: 4 }, reply)).toBe("none");
    });
    it("a normal reply, a later round or no reply to continue gets its own bubble", () => {
      expect(livePlacement("normal", 1, reply, reply)).toBe("row");
      expect(livePlacement("continue", 2, reply, reply)).toBe("row");
      expect(livePlacement("continue", 1, null, null)).toBe("row");
    });
  });
});
