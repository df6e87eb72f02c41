/**
 * The run's journal as readable lines (runs/journal-lines.ts), oldest first, each with its seq and
 * time; bookkeeping events only when "Show every event" is on. New lines are announced politely.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AgentRunEvent } from "../api/types";
import { formatTime } from "../i18n/format";
import { describeEvent } from "./journal-lines";
import { useProfileNames } from "./use-profiles";

const timeOf = (iso: string) => (Number.isNaN(new Date(iso).getTime()) ? "" : formatTime(iso));

export function JournalList({ events }: { events: AgentRunEvent[] }) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const profile = useProfileNames();
  // biome-ignore lint/correctness/useExhaustiveDependencies: lines are re-described when the language changes
  const lines = useMemo(
    () => events.map((event) => ({ event, line: describeEvent(event, profile) })),
    [events, profile, i18n.language],
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
