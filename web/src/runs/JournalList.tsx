/**
 * The run's journal as readable lines (runs/journal-lines.ts), oldest first, each with its seq and
 * time; bookkeeping events only when "Show every event" is on. New lines are announced politely.
 * An event of a sub-agent or of the profile a run was handed to starts with that profile's name
 * ("Lore researcher · Round 1: …"), since its rounds interleave with the run's own.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AgentRunEvent } from "../api/types";
import { formatTime } from "../i18n/format";
import { describeEvent } from "./journal-lines";
import type { TimelineInvocation } from "./timeline/timeline-model";
import { useProfileNames } from "./use-profiles";

const timeOf = (iso: string) => (Number.isNaN(new Date(iso).getTime()) ? "" : formatTime(iso));

/** The invocation an event is scoped to (`payload.eventScope.invocationId`). */
const scopeOf = (event: AgentRunEvent): string | undefined => {
  const scope = (event.payload as { eventScope?: { invocationId?: unknown } } | null)?.eventScope;
  return typeof scope?.invocationId === "string" ? scope.invocationId : undefined;
};

export function JournalList({
  events,
  invocations = {},
}: {
  events: AgentRunEvent[];
  /** The run's invocations (timeline-model.ts): events of another than the root name their profile. */
  invocations?: Record<string, TimelineInvocation>;
}) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const profile = useProfileNames();
  // biome-ignore lint/correctness/useExhaustiveDependencies: lines are re-described when the language changes
  const lines = useMemo(
    () =>
      events.map((event) => {
        const line = describeEvent(event, profile);
        const invocation = invocations[scopeOf(event) ?? ""];
        if (!invocation || invocation.kind === "root" || !invocation.profileId) return { event, line };
        return {
          event,
          line: {
            ...line,
            text: t("runs.journal.byAgent", { agent: profile(invocation.profileId), text: line.text }),
          },
        };
      }),
    [events, invocations, profile, i18n.language],
  );
  const shown = all ? lines : lines.filter(({ line }) => !line.detail);
  return (
    <section className="card" aria-labelledby="journal-title">
      <div className="card-head">
        <h2 id="journal-title">{t("runs.journal.title")}</h2>
        <label className="check">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />{" "}
          {t("runs.journal.showAll", { count: events.length })}
        </label>
      </div>
      {events.length === 0 && (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> {t("runs.journal.waiting")}
        </p>
      )}
      <ol
        className="journal"
        aria-label={t("runs.journal.label")}
        aria-live="polite"
        aria-relevant="additions"
        data-testid="journal"
      >
        {shown.map(({ event, line }) => (
          <li
            key={event.seq}
            className={`journal-line journal-${line.tone}`}
            data-type={event.type}
            data-testid="journal-line"
          >
            <span className="journal-seq" aria-hidden="true">
              {event.seq}
            </span>
            <span className="journal-text">{line.text}</span>
            <time className="journal-time" dateTime={event.timestamp}>
              {timeOf(event.timestamp)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
