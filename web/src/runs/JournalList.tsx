/**
 * The run's journal as readable lines (runs/journal-lines.ts), oldest first, each with its seq and
 * time; bookkeeping events only when "Show every event" is on. New lines are announced politely.
 */
import { useMemo, useState } from "react";
import type { AgentRunEvent } from "../api/types";
import { describeEvent } from "./journal-lines";

const timeOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ""
    : date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
};

export function JournalList({ events }: { events: AgentRunEvent[] }) {
  const [all, setAll] = useState(false);
  const lines = useMemo(() => events.map((event) => ({ event, line: describeEvent(event) })), [events]);
  const shown = all ? lines : lines.filter(({ line }) => !line.detail);
  return (
    <section className="card" aria-labelledby="journal-title">
      <div className="card-head">
        <h2 id="journal-title">Journal</h2>
        <label className="check">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> Show every event (
          {events.length})
        </label>
      </div>
      {events.length === 0 && (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> Waiting for the journal…
        </p>
      )}
      <ol className="journal" aria-label="Journal" aria-live="polite" aria-relevant="additions" data-testid="journal">
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
