/**
 * A run summary fetched while frames kept arriving (docs/api.md "Agent runs"): the GET answer was
 * made when the request reached the server, so an `agent.run_changed` frame (always live, never
 * replayed) that arrived after the request went out is newer than the answer's status and
 * waitingOn, even when it arrived before any summary was shown.
 */
import type { RunSummary } from "./types";

/** What live updates said since a request went out (absent fields: nothing said). */
export interface LiveSince {
  status?: RunSummary["status"];
  waitingOn?: RunSummary["waitingOn"];
}

/** The summary to show once a GET answers: the answer, with what live updates said since overriding it. */
export function settleFetched(fetched: RunSummary, since: LiveSince): RunSummary {
  return {
    ...fetched,
    ...(since.status !== undefined ? { status: since.status } : {}),
    ...("waitingOn" in since ? { waitingOn: since.waitingOn } : {}),
  };
}
