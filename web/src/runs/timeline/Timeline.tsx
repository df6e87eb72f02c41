/**
 * The run timeline (issue [web-timeline]): every round of every invocation in journal order, keyed
 * by `invocationId/round`, with the live model text of the round being written. Built from the
 * journal the page follows (timeline-model.ts); details load on demand.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { AgentRunEvent } from "../../api/types";
import { RoundItem } from "./RoundItem";
import type { ModelStreamView } from "./timeline-api";
import { buildTimeline, checkpointBefore, type Timeline as TimelineData } from "./timeline-model";

export function useTimeline(events: readonly AgentRunEvent[]): TimelineData {
  return useMemo(() => buildTimeline(events), [events]);
}

export function Timeline({
  runId,
  timeline,
  live,
  active,
  chatHref,
  canRevert,
}: {
  runId: string;
  timeline: TimelineData;
  live: ModelStreamView | null;
  /** The run is still working: a round without an answer is being written (a failed run's is not). */
  active: boolean;
  chatHref: string;
  /** The run has ended, so its commits may be undone. */
  canRevert: boolean;
}) {
  const { t } = useTranslation();
  const before = (id: string) => checkpointBefore(timeline, id);
  return (
    <section className="card timeline" aria-labelledby="timeline-title">
      <h2 id="timeline-title">{t("runs.timeline.title")}</h2>
      {timeline.rounds.length === 0 && <p className="muted">{t("runs.timeline.empty")}</p>}
      <ol className="tl-rounds" data-testid="timeline">
        {timeline.rounds.map((round) => (
          <RoundItem
            key={round.key}
            runId={runId}
            round={round}
            live={live && live.invocationId === round.invocationId && live.round === round.round ? live : null}
            active={active}
            chatHref={chatHref}
            checkpointBefore={before}
            canRevert={canRevert}
          />
        ))}
      </ol>
    </section>
  );
}
