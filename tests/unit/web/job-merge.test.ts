/**
 * A followed export/restore view only moves forward (web/src/settings/job-merge.ts): frames and
 * reads interleave, a late read must not take the bar back nor turn a finished job back into
 * "Exporting… 0 of 10".
 */
import { describe, expect, it } from "vitest";
import { mergeJobView } from "../../../web/src/settings/job-merge";

const view = (status: string, done: number, total = 10) => ({ status, done, total, exportId: "exp_1" });

describe("mergeJobView", () => {
  it("keeps the larger done while the job runs", () => {
    expect(mergeJobView(view("running", 6), view("running", 3))).toEqual(view("running", 6));
    expect(mergeJobView(view("running", 3), view("running", 6))).toEqual(view("running", 6));
  });

  it("never replaces a terminal status from a frame or read with running", () => {
    expect(mergeJobView(view("ready", 10), view("running", 0))).toEqual(view("ready", 10));
    expect(mergeJobView(view("failed", 4), view("running", 4))).toEqual(view("failed", 4));
    expect(mergeJobView(view("done", 10), view("running", 9))).toEqual(view("done", 10));
  });

  it("takes a terminal status, and a later terminal read with its details", () => {
    expect(mergeJobView(view("running", 0), view("ready", 10))).toEqual(view("ready", 10));
    const withError = { ...view("failed", 4), error: { code: "data.export_too_large" } };
    expect(mergeJobView(view("failed", 4), withError)).toEqual(withError);
    expect(mergeJobView(null, view("running", 0))).toEqual(view("running", 0));
  });
});
