/**
 * The runs list's guard against late answers (web/src/state/latest-answer.ts): after the user
 * switches the filter, the answer for the previous filter may arrive last and must be dropped.
 */
import { describe, expect, it } from "vitest";
import { latestAnswerGate } from "../../../web/src/state/latest-answer";

describe("latest answer gate", () => {
  it("drops the older first-page answer when it arrives after the newer one", () => {
    const gate = latestAnswerGate();
    const all = gate.begin();
    const cancelled = gate.begin();
    expect(cancelled()).toBe(true);
    expect(all()).toBe(false);
  });

  it("a Load more keeps the first page in flight current, and goes stale when the filter changes", () => {
    const gate = latestAnswerGate();
    const firstPage = gate.begin();
    const more = gate.follow();
    expect(firstPage()).toBe(true);
    expect(more()).toBe(true);
    gate.begin();
    expect(more()).toBe(false);
    expect(firstPage()).toBe(false);
  });
});
