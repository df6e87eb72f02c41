/**
 * What an `agent.await` or `agent.handoff` call did, under the call (docs/spec/agent-delegation.md
 * §3, §6): the tasks an await is waiting for, then the finished ones — received (returned a result),
 * failed, cancelled — (or that it timed out); the profile a handoff passed the run to.
 */
import { useTranslation } from "react-i18next";
import { taskLabel, useTimelineEnv } from "./timeline-env";
import type { TimelineAwait, TimelineHandoff } from "./timeline-model";

/** `ended`: the run ended with this `agent.await` call still waiting (it never gets its tasks). */
export function AwaitLine({ awaited, ended = false }: { awaited: TimelineAwait; ended?: boolean }) {
  const { t } = useTranslation();
  const env = useTimelineEnv();
  const label = (id: string) => {
    const task = env.tasks.get(id);
    return task ? taskLabel(env, task) : id;
  };
  const list = (ids: string[]) => ids.map(label).join(t("common.listSeparator"));
  if (!awaited.done && ended)
    return (
      <p className="tl-await muted" data-testid="tl-await" data-done="false">
        {t("runs.timeline.await.stopped")}
      </p>
    );
  if (!awaited.done)
    return (
      <p className="tl-await muted" data-testid="tl-await" data-done="false">
        <span className="spinner" aria-hidden="true" />{" "}
        {awaited.asked.length > 0
          ? t("runs.timeline.await.waiting", { tasks: list(awaited.asked) })
          : t("runs.timeline.await.waitingAll")}
      </p>
    );
  const parts = [
    awaited.received.length > 0 && t("runs.timeline.await.received", { tasks: list(awaited.received) }),
    awaited.failed.length > 0 && t("runs.timeline.await.failed", { tasks: list(awaited.failed) }),
    awaited.cancelled.length > 0 && t("runs.timeline.await.cancelled", { tasks: list(awaited.cancelled) }),
  ].filter((part): part is string => typeof part === "string");
  return (
    <p className="tl-await" data-testid="tl-await" data-done="true">
      {parts.length > 0 ? parts.join(" ") : t("runs.timeline.await.none")}
      {awaited.timedOut && ` ${t("runs.timeline.await.timedOut")}`}
    </p>
  );
}

export function HandoffLine({ handoff }: { handoff: TimelineHandoff }) {
  const { t } = useTranslation();
  const env = useTimelineEnv();
  const name = env.profileName(handoff.targetProfileId);
  return (
    <p className="tl-handoff" data-testid="tl-handoff" data-accepted={handoff.accepted}>
      {handoff.accepted ? t("runs.timeline.handoff.passed", { name }) : t("runs.timeline.handoff.asking", { name })}
    </p>
  );
}
