/**
 * The live stream of one generation (docs/spec/generation.md "Frames"): model deltas are buffered
 * and sent to every socket of the user as `chat.generation_delta {generationId, chatId, round,
 * attempt, seq, kind, text}` at most once per FRAME_INTERVAL_MS (≤ 20 frames/s), `text` being the
 * increment. `seq` counts from 1 per generation across rounds and attempts. Each flush also
 * writes the round's text so far and `lastSeq` to SQLite, so `GET …/generations/:id` answers
 * exactly the text of frames 1..lastSeq and a joiner applies only frames after it.
 */
import type { GenerationStore } from "../../ports/generation-store";
import type { Clock, SocketHub } from "../../ports/space";
import { DeltaThrottle, type DeltaKind } from "../streaming/delta-throttle";

export { FRAME_INTERVAL_MS } from "../streaming/delta-throttle";

export class LiveStream {
  /** Text / reasoning of the current round as flushed (what frames 1..seq carried). */
  text = "";
  reasoning = "";
  private readonly throttle: DeltaThrottle;
  round = 1;
  attempt = 1;

  constructor(
    readonly generationId: string,
    readonly chatId: string,
    /** Last seq already sent (from SQLite after a restart). */
    public seq: number,
    private readonly deps: { store: GenerationStore; sockets: SocketHub; clock: Clock },
  ) {
    this.throttle = new DeltaThrottle(deps.clock, (kind, text) => this.send(kind, text));
  }

  /** Starts an attempt of a round: the text so far is replaced (a re-sent call streams anew). */
  begin(round: number, attempt: number): void {
    this.flushAll();
    this.round = round;
    this.attempt = attempt;
    this.text = "";
    this.reasoning = "";
    this.persist();
  }

  /** Buffers one model delta and schedules a flush. */
  push(kind: DeltaKind, text: string): void {
    this.throttle.push(kind, text);
  }

  /** Sends everything still buffered (end of an attempt). */
  flushAll(): void {
    this.throttle.flushAll();
  }

  /** Stops timers (the generation ended). */
  close(): void {
    this.flushAll();
  }

  private send(kind: DeltaKind, text: string): void {
    this.seq += 1;
    if (kind === "text") this.text += text;
    else this.reasoning += text;
    this.persist();
    this.deps.sockets.broadcast({
      type: "chat.generation_delta",
      generationId: this.generationId,
      chatId: this.chatId,
      round: this.round,
      attempt: this.attempt,
      seq: this.seq,
      kind,
      text,
    });
  }

  private persist(): void {
    try {
      this.deps.store.writeStream(this.generationId, this.text, this.reasoning, this.seq, this.deps.clock.now());
    } catch {
      /* the record was purged (chat deleted); frames still go out */
    }
  }
}
