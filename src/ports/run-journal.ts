/**
 * Port: the append-only run journal (docs/spec/journal.md). Implemented by
 * adapters/storage/run-journal-store (SQLite, storage only), by application/agent/journal
 * (storage + live delivery to subscribed sockets — what the agent loop uses) and by
 * tests/fakes/in-memory-run-journal (unit tests).
 *
 * There is no update or delete of single events; a whole run's events go only with the run
 * (RunRepository.delete, terminal runs only).
 */
import type { AgentRunEvent, AppendEventInput } from "../domain/agent/run-events";
import type { ReadEventsQuery } from "../domain/agent/journal-query";

export type { AgentRunEvent, AppendEventInput, ReadEventsQuery };

export interface RunJournal {
  /**
   * Appends one event with seq = last seq of the run + 1 (no gap, no duplicate) and returns it.
   * Throws `agent.run_not_found` (unknown run), `agent.journal_event_invalid`,
   * `agent.journal_payload_too_large`.
   */
  append(runId: string, input: AppendEventInput): AgentRunEvent;
  /** Appends several events in order, exactly as `append` one by one would (a store may do it in one write). */
  appendMany?(runId: string, inputs: readonly AppendEventInput[]): AgentRunEvent[];
  /** One page of events in ascending seq (docs/spec/journal.md paging rules). Unknown run → empty list. */
  read(runId: string, query?: ReadEventsQuery): AgentRunEvent[];
  /** Highest seq of the run, 0 when it has none. */
  lastSeq(runId: string): number;
}
