/**
 * Builds the TimelineEnv of a run page (timeline-env.ts): profile names from `GET /agent/profiles`
 * (re-read on `agent.profile_changed`), and the summaries tasks returned, read from
 * `GET /agent/runs/:runId/invocations` each time another task of the run ends (the journal carries
 * only the summary's size and file, docs/spec/agent-delegation.md §7). A failed read leaves the
 * summaries unknown (the task still shows its status and the `task.return` call its arguments).
 */
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { profileName } from "../../profiles/profile-name";
import { useServices } from "../../state/services";
import { useFrame } from "../../state/use-socket";
import { useRunsApi } from "../use-runs-api";
import type { ModelStreamView } from "./timeline-api";
import type { TimelineEnv } from "./timeline-env";
import type { Timeline } from "./timeline-model";
import { useTimelineApi } from "./use-timeline-api";

function useProfileNames(wanted: boolean): ReadonlyMap<string, string> {
  const runs = useRunsApi();
  const { socket } = useServices();
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [version, setVersion] = useState(0);
  useFrame(socket, "agent.profile_changed", () => setVersion((v) => v + 1));
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    runs.profiles().then(
      ({ profiles }) => live && setNames(new Map(profiles.map((p) => [p.id, p.displayName]))),
      () => {
        /* names stay ids */
      },
    );
    return () => {
      live = false;
    };
  }, [runs, wanted, version]);
  return names;
}

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
  live: ModelStreamView | null,
  active: boolean,
): TimelineEnv {
  const { t } = useTranslation();
  const names = useProfileNames(timeline.tasks.length > 0 || Object.keys(timeline.invocations).length > 1);
  const summaries = useTaskSummaries(runId, timeline);
  return useMemo(
    () => ({
      live,
      active,
      profileName: (id: string) => profileName(t, id, names.get(id)),
      summaryOf: (taskId: string) => summaries.get(taskId),
      tasks: new Map(timeline.tasks.map((task) => [task.taskId, task])),
    }),
    [live, active, t, names, summaries, timeline.tasks],
  );
}
