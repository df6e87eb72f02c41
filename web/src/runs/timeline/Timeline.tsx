/**
 * The run timeline (issue [web-timeline]): the rounds of the run's foreground invocations in journal
 * order, keyed by `invocationId/round`, with the live model text of the round being written; a
 * sub-agent's rounds nest under the call that created it, and a handoff starts a new part headed
 * by the profile that took the run over (docs/spec/agent-delegation.md §7.1). Built from the
 * journal the page follows (timeline-model.ts); details load on demand.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { AgentRunEvent } from "../../api/types";
import { Fragment } from "react";
import { RoundItem } from "./RoundItem";
import { useTimelineEnv } from "./timeline-env";
import type { LiveStreams } from "./timeline-api";
import { liveFor } from "./round-state";
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
  live: LiveStreams | null;
  /** The run is still working: a round without an answer is being written (a failed run's is not). */
  active: boolean;
  chatHref: string;
  /** The run has ended, so its commits may be undone. */
  canRevert: boolean;
}) {
  const { t } = useTranslation();
  const env = useTimelineEnv();
  const before = (id: string) => checkpointBefore(timeline, id);
  return (
    <section className="card timeline" aria-labelledby="timeline-title">
      <h2 id="timeline-title">{t("runs.timeline.title")}</h2>
      {timeline.rounds.length === 0 && <p className="muted">{t("runs.timeline.empty")}</p>}
      <ol className="tl-rounds" data-testid="timeline">
        {timeline.rounds.map((round, i) => {
          const invocation = timeline.invocations[round.invocationId];
          const takesOver =
            invocation?.kind === "handoff" && timeline.rounds[i - 1]?.invocationId !== round.invocationId;
          return (
            <Fragment key={round.key}>
              {takesOver && (
                <li className="tl-takeover" data-testid="tl-takeover">
                  {t("runs.timeline.handoff.takesOver", { name: env.profileName(invocation.profileId ?? "") })}
                </li>
              )}
              <RoundItem
                runId={runId}
                round={round}
                live={liveFor(round, live)}
                active={active}
                chatHref={chatHref}
                checkpointBefore={before}
                canRevert={canRevert}
              />
            </Fragment>
          );
        })}
      </ol>
    </section>
  );
}
