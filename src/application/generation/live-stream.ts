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

/** Shortest time between two delta frames of one generation, ms. */
export const FRAME_INTERVAL_MS = 50;

type Kind = "text" | "reasoning";

export class LiveStream {
  /** Text / reasoning of the current round as flushed (what frames 1..seq carried). */
  text = "";
  reasoning = "";
  private pending: Record<Kind, string> = { text: "", reasoning: "" };
  private order: Kind[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastFlush = 0;
  round = 1;
  attempt = 1;

  constructor(
    readonly generationId: string,
    readonly chatId: string,
    /** Last seq already sent (from SQLite after a restart). */
    public seq: number,
    private readonly deps: { store: GenerationStore; sockets: SocketHub; clock: Clock },
  ) {}

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
  push(kind: Kind, text: string): void {
    if (text.length === 0) return;
    if (this.pending[kind] === "") this.order.push(kind);
    this.pending[kind] += text;
    if (this.timer !== undefined) return;
    const wait = Math.max(0, this.lastFlush + FRAME_INTERVAL_MS - this.deps.clock.now());
    this.timer = setTimeout(() => this.tick(), wait);
  }

  /** Sends everything still buffered (end of an attempt). */
  flushAll(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.order.length > 0) this.flushOne();
  }

  /** Stops timers (the generation ended). */
  close(): void {
    this.flushAll();
  }

  private tick(): void {
    this.timer = undefined;
    this.flushOne();
    if (this.order.length > 0) this.timer = setTimeout(() => this.tick(), FRAME_INTERVAL_MS);
  }

  private flushOne(): void {
    const kind = this.order.shift();
    if (!kind) return;
    const text = this.pending[kind];
    this.pending[kind] = "";
    this.seq += 1;
    if (kind === "text") this.text += text;
    else this.reasoning += text;
    this.lastFlush = this.deps.clock.now();
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
