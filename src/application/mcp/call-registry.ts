/**
 * The common MCP call cancellation registry (docs/spec/mcp-platform.md §11; docs/api.md "MCP test
 * calls"): `callId` (test calls) / `executionCallId` (agent and chat-generation calls) → an
 * AbortController, kept in the Durable Object's memory (ADR 0453).
 *
 * - `start(callId)` registers a live call. A tombstone left by an earlier cancel is consumed and
 *   the call must end NotSent `mcp.call_cancelled_before_send` (result `{cancelled: true}`); a live
 *   duplicate → AppError `mcp.call_id_in_use` (409).
 * - `cancel(callId)` aborts a live call (`"cancelled"`); for an id that is not running it leaves a
 *   60 s tombstone so a call that arrives later still honours the cancel (`"not_running"`).
 * - `finish(callId, signal)` deregisters (only the entry of that very start).
 */
import { AppError } from "../../domain/errors";
import { rememberBounded } from "../../domain/bounded-map";
import type { Clock } from "../../ports/space";

/** How long a cancel that arrived before its call is remembered, ms. */
export const CALL_TOMBSTONE_MS = 60_000;
/** Most tombstones kept at once (oldest dropped first). */
const MAX_TOMBSTONES = 1000;

export type CallStart = { cancelled: true } | { cancelled: false; signal: AbortSignal };

export class McpCallRegistry {
  private readonly live = new Map<string, AbortController>();
  private readonly tombstones = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  /** Registers `callId`; see the file docstring. */
  start(callId: string): CallStart {
    this.prune();
    if (this.tombstones.delete(callId)) return { cancelled: true };
    if (this.live.has(callId))
      throw new AppError("mcp.call_id_in_use", `A call with id "${callId.slice(0, 80)}" is already running.`, {
        callId,
      });
    const controller = new AbortController();
    this.live.set(callId, controller);
    return { cancelled: false, signal: controller.signal };
  }

  /** Cancels `callId`: `"cancelled"` when it was running, else a tombstone and `"not_running"`. */
  cancel(callId: string): "cancelled" | "not_running" {
    const controller = this.live.get(callId);
    if (controller) {
      this.live.delete(callId);
      controller.abort(new Error("cancelled by the user"));
      return "cancelled";
    }
    this.prune();
    rememberBounded(this.tombstones, callId, this.clock.now() + CALL_TOMBSTONE_MS, MAX_TOMBSTONES);
    return "not_running";
  }

  /** Deregisters the call started with `signal` (a later start of the same id is left alone). */
  finish(callId: string, signal: AbortSignal): void {
    const controller = this.live.get(callId);
    if (controller && controller.signal === signal) this.live.delete(callId);
  }

  /** True while `callId` is running (tests, diagnostics). */
  isRunning(callId: string): boolean {
    return this.live.has(callId);
  }

  private prune(): void {
    const now = this.clock.now();
    for (const [id, expiresAt] of this.tombstones) if (expiresAt <= now) this.tombstones.delete(id);
  }
}
