/**
 * What nested parts of the timeline need from the run page without threading props through every
 * level (a sub-agent's rounds sit inside a tool call, inside a round, possibly several deep): the
 * live model stream and whether the run is still working, the name of a profile, and the summary a
 * task returned (read from `GET /agent/runs/:runId/invocations`, docs/spec/agent-delegation.md §7.1).
 */
import { createContext, useContext } from "react";
import type { LiveStreams } from "./timeline-api";
import type { TimelineTask } from "./timeline-model";

export interface TimelineEnv {
  live: LiveStreams | null;
  active: boolean;
  /** Display name of a profile id (the id when unknown). */
  profileName(profileId: string): string;
  /** The summary a task returned, once read; undefined while unknown. */
  summaryOf(taskId: string): string | undefined;
  /** Every task of the run by id (an `agent.await` call names tasks by id). */
  tasks: ReadonlyMap<string, TimelineTask>;
}

export const TimelineEnvContext = createContext<TimelineEnv>({
  live: null,
  active: false,
  profileName: (id) => id,
  summaryOf: () => undefined,
  tasks: new Map(),
});

export const useTimelineEnv = () => useContext(TimelineEnvContext);

/** "Researcher — Dragons of the north" (or just the profile's name). */
export function taskLabel(env: Pick<TimelineEnv, "profileName">, task: TimelineTask): string {
  const name = env.profileName(task.profileId);
  return task.title ? `${name} — ${task.title}` : name;
}
