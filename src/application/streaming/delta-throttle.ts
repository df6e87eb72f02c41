/**
 * Paces streamed model deltas (docs/spec/agent-runtime.md §9, docs/spec/generation.md "Frames"):
 * text and reasoning increments are buffered per kind and handed to `flush` at most once per
 * FRAME_INTERVAL_MS (≤ 20 frames/s), kinds in the order they first arrived. Shared by a run's live
 * model text and a chat generation's live stream.
 */
import type { Clock } from "../../ports/space";

/** Shortest time between two delta frames of one stream, ms. */
export const FRAME_INTERVAL_MS = 50;

export type DeltaKind = "text" | "reasoning";

export class DeltaThrottle {
  private pending: Record<DeltaKind, string> = { text: "", reasoning: "" };
  private order: DeltaKind[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastFlush = 0;

  /** `flush` sends one frame: the increment of `kind` buffered since its last frame. */
  constructor(
    private readonly clock: Clock,
    private readonly flush: (kind: DeltaKind, text: string) => void,
  ) {}

  /** Buffers one delta and schedules a flush. */
  push(kind: DeltaKind, text: string): void {
    if (text.length === 0) return;
    if (this.pending[kind] === "") this.order.push(kind);
    this.pending[kind] += text;
    if (this.timer !== undefined) return;
    const wait = Math.max(0, this.lastFlush + FRAME_INTERVAL_MS - this.clock.now());
    this.timer = setTimeout(() => this.tick(), wait);
  }

  /** Sends everything still buffered now and stops the timer. */
  flushAll(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.order.length > 0) this.flushOne();
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
    this.lastFlush = this.clock.now();
    this.flush(kind, text);
  }
}
