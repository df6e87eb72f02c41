/**
 * Builds the TimelineEnv of a run page (timeline-env.ts): profile names (runs/use-profiles.ts
 * `useProfileNames`), and the summaries tasks returned, read from
 * `GET /agent/runs/:runId/invocations` each time another task of the run ends (the journal carries
 * only the summary's size and file, docs/spec/agent-delegation.md §7). A failed read leaves the
 * summaries unknown (the task still shows its status and the `task.return` call its arguments).
 */
import { useEffect, useMemo, useState } from "react";
import { useProfileNames } from "../use-profiles";
import type { LiveStreams } from "./timeline-api";
import type { TimelineEnv } from "./timeline-env";
import type { Timeline } from "./timeline-model";
import { useTimelineApi } from "./use-timeline-api";

function useTaskSummaries(runId: string, timeline: Timeline): ReadonlyMap<string, string> {
  const api = useTimelineApi();
  const [summaries, setSummaries] = useState<ReadonlyMap<string, string>>(new Map());
  const ended = timeline.tasks.filter((t) => t.returned || ["completed", "failed", "cancelled"].includes(t.status));
  const key = ended.length;
  useEffect(() => {
    if (key === 0) return;
    let live = true;
    api.invocations(runId).then(
      (view) => {
        if (!live) return;
        const found = new Map<string, string>();
        for (const edge of view.delegationEdges) if (edge.summary !== null) found.set(edge.taskId, edge.summary);
        setSummaries(found);
      },
      () => {
        /* summaries stay unknown */
      },
    );
    return () => {
      live = false;
    };
  }, [api, runId, key]);
  return summaries;
}

export function useTimelineEnvValue(
  runId: string,
  timeline: Timeline,
  live: LiveStreams | null,
  active: boolean,
): TimelineEnv {
  const profileName = useProfileNames();
  const summaries = useTaskSummaries(runId, timeline);
  return useMemo(
    () => ({
      live,
      active,
      profileName,
      summaryOf: (taskId: string) => summaries.get(taskId),
      tasks: new Map(timeline.tasks.map((task) => [task.taskId, task])),
    }),
    [live, active, profileName, summaries, timeline.tasks],
  );
}
