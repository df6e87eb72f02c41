/**
 * JournalService: the live run journal (docs/spec/journal.md; docs/spec/hosted.md §7).
 *
 * `append` is the one operation the agent loop calls for every event: the event is inserted with
 * the next seq (one atomic SQLite statement) and, in the same synchronous section, published as
 * `agent.event {event}` to the sockets subscribed to `run:<runId>`. `followRun` is the other half:
 * it registers a subscriber and replays its backlog in one synchronous section, so that a socket
 * gets every event exactly once and in order (see followRun).
 */
import { AppError } from "../../domain/errors";
import type { AgentRunEvent, AppendEventInput } from "../../domain/agent/run-events";
import { MAX_EVENT_PAGE, type ReadEventsQuery } from "../../domain/agent/journal-query";
import type { RunJournal } from "../../ports/run-journal";
import type { RunRepository } from "../../ports/run-repository";
import type { ServerFrame, SocketHub } from "../../ports/space";

/** Socket subscription key of a run. */
export function runTopic(runId: string): string {
  return `run:${runId}`;
}

/** How followRun reaches one socket: `follow` adds the subscription, `send` sends one frame. */
export interface RunFollower {
  follow(): void;
  send(frame: ServerFrame): void;
}

export class JournalService implements RunJournal {
  constructor(
    private readonly store: RunJournal,
    private readonly runs: Pick<RunRepository, "get">,
    private readonly sockets: SocketHub,
  ) {}

  /**
   * Appends one event and delivers it live (`agent.event {event}` to `run:<runId>` subscribers).
   * Synchronous: no other request of the object can run between the insert and the delivery.
   * Errors: `agent.run_not_found`, `agent.journal_event_invalid`, `agent.journal_payload_too_large`.
   */
  append(runId: string, input: AppendEventInput): AgentRunEvent {
    const event = this.store.append(runId, input);
    this.publish(event);
    return event;
  }

  /**
   * Appends `inputs` in order and delivers each, as `append` one by one would (the store writes
   * them at once when it can; docs/decisions/3450). Same errors.
   */
  appendMany(runId: string, inputs: readonly AppendEventInput[]): AgentRunEvent[] {
    const events = this.recordMany(runId, inputs);
    for (const event of events) this.publish(event);
    return events;
  }

  /**
   * Inserts without delivering, for callers that write other rows in the same transaction
   * (RunRecordService). The caller MUST call `publish(event)` right after its transaction commits,
   * still in the same synchronous section.
   */
  record(runId: string, input: AppendEventInput): AgentRunEvent {
    return this.store.append(runId, input);
  }

  /** `record` of several events in order, in one write when the store can. Same contract. */
  recordMany(runId: string, inputs: readonly AppendEventInput[]): AgentRunEvent[] {
    return this.store.appendMany
      ? this.store.appendMany(runId, inputs)
      : inputs.map((input) => this.store.append(runId, input));
  }

  /** Sends `agent.event {event}` to the sockets following the event's run. */
  publish(event: AgentRunEvent): void {
    this.sockets.publish(runTopic(event.runId), { type: "agent.event", event });
  }

  /** Sends any frame about a run (e.g. `agent.model_delta`) to the sockets following it. */
  publishToRun(runId: string, frame: ServerFrame): void {
    this.sockets.publish(runTopic(runId), frame);
  }

  read(runId: string, query?: ReadEventsQuery): AgentRunEvent[] {
    return this.store.read(runId, query);
  }

  /** Reads a page for the API: unknown run → `agent.run_not_found`. */
  readPage(runId: string, query?: ReadEventsQuery): AgentRunEvent[] {
    if (!this.runs.get(runId)) throw new AppError("agent.run_not_found", "No agent run with this id.", { runId });
    return this.store.read(runId, query);
  }

  lastSeq(runId: string): number {
    return this.store.lastSeq(runId);
  }

  /**
   * Subscribes a socket to a run and replays what it missed: the backlog after `afterSeq` as
   * `agent.event` frames, then `agent.subscribed {runId, lastSeq}`; afterwards `append` delivers
   * live events. Returns lastSeq. Unknown run → throws `agent.run_not_found` before subscribing.
   *
   * Why there is no gap and no duplicate: Durable Object SQLite calls are synchronous and a
   * Durable Object runs one JavaScript turn at a time, so nothing else can run inside this method,
   * which never awaits. The subscription is recorded first (`follow()`), then the backlog is read
   * and sent, all in one turn. Any `append` either completed before this turn (its event has a
   * seq ≤ lastSeq and is in the backlog) or runs after it (it sees the subscription, its seq is
   * > lastSeq and it is delivered live). The backlog is read in pages of 500 inside the same turn.
   */
  followRun(runId: string, afterSeq: number, follower: RunFollower): number {
    if (!this.runs.get(runId)) throw new AppError("agent.run_not_found", "No agent run with this id.", { runId });
    follower.follow();
    let cursor = Math.max(0, Math.trunc(afterSeq));
    for (;;) {
      const page = this.store.read(runId, { afterSeq: cursor, limit: MAX_EVENT_PAGE });
      for (const event of page) follower.send({ type: "agent.event", event });
      if (page.length > 0) cursor = page[page.length - 1]!.seq;
      if (page.length < MAX_EVENT_PAGE) break;
    }
    const lastSeq = this.store.lastSeq(runId);
    follower.send({ type: "agent.subscribed", runId, lastSeq });
    return lastSeq;
  }
}
