/**
 * In-memory RunJournal (src/ports/run-journal.ts) for unit tests of code that journals, e.g. the
 * agent loop. Same rules as the SQLite journal: seq from 1 without gaps per run, validation and
 * payload cap through domain `prepareEvent`, docs/spec/journal.md paging, `agent.run_not_found` for a run that was
 * not `addRun`-ed (unless constructed with `{ autoCreateRuns: true }`).
 * `published` records every event in append order, as the live journal would deliver them.
 */
import { AppError } from "../../src/domain/errors";
import { prepareEvent, type AgentRunEvent, type AppendEventInput } from "../../src/domain/agent/run-events";
import { normalizeEventsQuery, type ReadEventsQuery } from "../../src/domain/agent/journal-query";
import type { RunJournal } from "../../src/ports/run-journal";

interface Stored {
  event: AgentRunEvent;
  invocationId: string;
  related: string[];
}

export class InMemoryRunJournal implements RunJournal {
  private readonly runs = new Map<string, Stored[]>();
  readonly published: AgentRunEvent[] = [];
  private counter = 0;

  constructor(private readonly options: { now?: () => number; autoCreateRuns?: boolean } = {}) {}

  addRun(runId: string): void {
    if (!this.runs.has(runId)) this.runs.set(runId, []);
  }

  append(runId: string, input: AppendEventInput): AgentRunEvent {
    let events = this.runs.get(runId);
    if (!events) {
      if (!this.options.autoCreateRuns)
        throw new AppError("agent.run_not_found", "No agent run with this id.", { runId });
      events = [];
      this.runs.set(runId, events);
    }
    this.counter += 1;
    const prepared = prepareEvent(
      runId,
      input,
      `evt_${this.counter.toString(16).padStart(32, "0")}`,
      this.options.now?.() ?? Date.now(),
    );
    const event: AgentRunEvent = {
      seq: events.length + 1,
      id: prepared.id,
      runId,
      timestamp: new Date(prepared.at).toISOString(),
      level: prepared.level,
      type: prepared.type,
      payload: JSON.parse(prepared.payloadJson),
    };
    events.push({ event, invocationId: prepared.invocationId, related: prepared.relatedInvocationIds });
    this.published.push(event);
    return event;
  }

  read(runId: string, query?: ReadEventsQuery): AgentRunEvent[] {
    const q = normalizeEventsQuery(query);
    const matching = (this.runs.get(runId) ?? []).filter(
      ({ event, invocationId, related }) =>
        event.seq > q.afterSeq &&
        (q.beforeSeq === null || event.seq < q.beforeSeq) &&
        (q.invocationId === null || invocationId === q.invocationId || related.includes(q.invocationId)),
    );
    const page =
      q.direction === "latest" ? matching.slice(Math.max(0, matching.length - q.limit)) : matching.slice(0, q.limit);
    return page.map((stored) => stored.event);
  }

  lastSeq(runId: string): number {
    return this.runs.get(runId)?.length ?? 0;
  }

  /** Every event of a run (test convenience), ascending. */
  all(runId: string): AgentRunEvent[] {
    return (this.runs.get(runId) ?? []).map((stored) => stored.event);
  }
}
