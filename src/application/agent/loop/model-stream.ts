/**
 * The live model text of a run (docs/spec/agent-runtime.md §9 "Live model text"): the deltas of a
 * streamed model attempt are buffered and sent to the sockets subscribed to the run as
 * `agent.model_delta {runId, invocationId, round, attempt, seq, kind, text}` at most once per
 * FRAME_INTERVAL_MS (≤ 20 frames/s), `text` being the increment. `seq` counts from 1 per run.
 * Each flush also stores the attempt's text so far and `lastSeq` in the run's hidden document
 * MODEL_STREAM_DOC, so `GET …/model-stream` answers exactly the text of frames 1..lastSeq and a
 * device that joins mid-stream applies only the frames after it. A parent and its sub-agents stream
 * at the same time: the stored view keeps each invocation's latest attempt (`streams`) and the
 * run's last seq, which every frame takes its seq from, so frames never share a seq. A new attempt
 * clears its invocation's stored text at once; text that is already empty is left until the
 * attempt's first flush.
 */
import type { InvocationStreamView, ModelStreamView } from "../../../contracts/timeline-views";
import { ROOT_INVOCATION_ID } from "../../../domain/agent/run-ids";
import type { AgentLoopStore } from "../../../ports/agent-loop-store";
import type { Clock } from "../../../ports/space";
import { DeltaThrottle, type DeltaKind } from "../../streaming/delta-throttle";
import type { JournalService } from "../journal";

export { FRAME_INTERVAL_MS } from "../../streaming/delta-throttle";
/** Hidden document holding the latest attempt's streamed text (deleted with the run's documents). */
export const MODEL_STREAM_DOC = "live/model-stream.json";

/** Invocations whose latest attempt the stored view keeps (the most recent ones). */
export const MAX_LIVE_STREAMS = 8;

/** The stream of a run before its first model call. */
const EMPTY: InvocationStreamView = {
  invocationId: ROOT_INVOCATION_ID,
  round: 0,
  attempt: 0,
  text: "",
  reasoning: "",
  lastSeq: 0,
};

/** What `GET /agent/runs/:runId/model-stream` answers (the caller checks the run exists). */
export function readModelStream(store: Pick<AgentLoopStore, "getDoc">, runId: string): ModelStreamView {
  const text = store.getDoc(runId, MODEL_STREAM_DOC);
  if (text === null) return { ...EMPTY, streams: [] };
  const stored = JSON.parse(text) as Omit<ModelStreamView, "streams"> & { streams?: InvocationStreamView[] };
  // A view stored before `streams` existed is its only stream.
  const { streams, ...latest } = stored;
  return { ...latest, streams: streams ?? (latest.round > 0 ? [latest] : []) };
}

export interface RunModelStreamDeps {
  store: Pick<AgentLoopStore, "getDoc" | "putDoc">;
  journal: Pick<JournalService, "publishToRun">;
  clock: Clock;
}

/** One model attempt's live text; `push` from the gateway's onDelta, `close` when the attempt ends. */
export class RunModelStream {
  private view: InvocationStreamView;
  private readonly throttle: DeltaThrottle;

  constructor(
    private readonly runId: string,
    at: { invocationId: string; round: number; attempt: number },
    private readonly deps: RunModelStreamDeps,
  ) {
    const stored = readModelStream(deps.store, runId);
    this.view = { ...at, text: "", reasoning: "", lastSeq: stored.lastSeq };
    this.throttle = new DeltaThrottle(deps.clock, (kind, text) => this.send(kind, text));
    // The invocation's stored text must not outlive its attempt. When it is already empty (its last
    // attempt only called tools), the new attempt is stored with its first flush: a reader sees the
    // same empty text meanwhile, and a round of tool calls writes no document for it (issue 31).
    const previous = stored.streams.find((s) => s.invocationId === at.invocationId);
    if (previous && (previous.text !== "" || previous.reasoning !== "")) this.persist(stored);
  }

  /** Buffers one delta and schedules a flush. Never throws. */
  push(kind: DeltaKind, text: string): void {
    this.throttle.push(kind, text);
  }

  /** Sends everything still buffered and stops the timer (the attempt ended). */
  close(): void {
    this.throttle.flushAll();
  }

  private send(kind: DeltaKind, text: string): void {
    const view = this.view;
    // Attempts of a parent and its sub-agents stream at the same time: the next seq is the run's,
    // read from the stored view every frame writes (served from memory), so no two frames share one.
    const stored = readModelStream(this.deps.store, this.runId);
    view.lastSeq = Math.max(view.lastSeq, stored.lastSeq) + 1;
    view[kind] += text;
    this.persist(stored);
    this.deps.journal.publishToRun(this.runId, {
      type: "agent.model_delta",
      runId: this.runId,
      invocationId: view.invocationId,
      round: view.round,
      attempt: view.attempt,
      seq: view.lastSeq,
      kind,
      text,
    });
  }

  /** Stores this attempt as its invocation's stream and as the latest one, beside the others. */
  private persist(stored: ModelStreamView): void {
    const view = { ...this.view };
    const streams = [...stored.streams.filter((s) => s.invocationId !== view.invocationId), view].slice(
      -MAX_LIVE_STREAMS,
    );
    // view.lastSeq is never below the stored one: taken from it at the start, and past it per frame.
    const doc: ModelStreamView = { ...view, streams };
    try {
      this.deps.store.putDoc(this.runId, MODEL_STREAM_DOC, JSON.stringify(doc));
    } catch {
      /* the run was deleted mid-attempt; frames still go out */
    }
  }
}
