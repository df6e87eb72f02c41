/**
 * A run page opened right after starting the run (web/src/runs/fetched-summary.ts): the summary it
 * fetched may be older than the `agent.run_changed` frames that arrived meanwhile; what the frames
 * said wins, so the page does not sit on "Calling model" while the run waits for an approval.
 */
import { describe, expect, it } from "vitest";
import { settleFetched } from "../../../web/src/runs/fetched-summary";
import type { RunSummary } from "../../../web/src/runs/types";

const fetched = {
  runId: "run_1",
  status: "calling_model",
  waitingOn: { kind: "model", since: "2026-12-02T08:00:00.000Z", detail: "deepseek" },
  commitCount: 0,
} as unknown as RunSummary;

describe("settleFetched", () => {
  it("keeps the answer when no frame came while it was out", () => {
    expect(settleFetched(fetched, {})).toEqual(fetched);
  });

  it("takes status and waitingOn from a frame that came while the answer was out", () => {
    const approval = { kind: "approval", since: "2026-12-02T08:00:01.000Z", detail: "echo" } as RunSummary["waitingOn"];
    expect(settleFetched(fetched, { status: "awaiting_approval", waitingOn: approval })).toEqual({
      ...fetched,
      status: "awaiting_approval",
      waitingOn: approval,
    });
    expect(settleFetched(fetched, { status: "dispatching_tool", waitingOn: null })).toMatchObject({
      status: "dispatching_tool",
      waitingOn: null,
    });
  });
});
