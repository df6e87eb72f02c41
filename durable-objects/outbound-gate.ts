/**
 * OutboundGate: the object's outbound-call slots (docs/spec/scheduling.md "Outbound calls",
 * docs/decisions/1800). A Durable Object may have only 6 connections waiting for response
 * headers; a 7th is queued by the platform or an older one cancelled, which for an MCP call would
 * make its outcome unknown. Steps therefore take one of `capacity` (default 4, leaving room for
 * the requests the object serves meanwhile: test calls, discovery, connection tests) before a
 * model or MCP call, and the rest wait here in FIFO order where the run can say so
 * (`waitingOn.kind: "queue"`). Memory only: after a restart there is nothing in flight.
 */
import type { OutboundSlots } from "../src/ports/space";

/** Slots for step calls per object (below the platform's 6 simultaneous open connections). */
export const MAX_OUTBOUND_STEP_CALLS = 4;

interface Waiter {
  start: () => void;
  signal: AbortSignal;
}

export class OutboundGate implements OutboundSlots {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly capacity: number = MAX_OUTBOUND_STEP_CALLS) {}

  /** Calls holding a slot now, and calls waiting for one (diagnostics and tests). */
  stats(): { active: number; queued: number } {
    return { active: this.active, queued: this.waiting.length };
  }

  hasFreeSlot(): boolean {
    return this.active < this.capacity;
  }

  async run<T>(
    call: () => Promise<T>,
    options: { signal: AbortSignal; onQueued?: (ahead: number) => void; onStart?: () => void },
  ): Promise<T> {
    const { signal } = options;
    if (signal.aborted) throw signal.reason;
    if (this.active >= this.capacity) {
      options.onQueued?.(this.waiting.length);
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          signal,
          start: () => {
            signal.removeEventListener("abort", onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(signal.reason);
        };
        signal.addEventListener("abort", onAbort, { once: true });
        this.waiting.push(waiter);
      });
    } else {
      this.active += 1;
    }
    try {
      options.onStart?.();
      return await call();
    } finally {
      this.release();
    }
  }

  /** Hands the slot to the next waiter (the slot stays taken), or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.active -= 1;
  }
}
