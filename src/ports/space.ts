/**
 * The per-user space: what every application service of a user's Durable Object is built from.
 * Implemented by durable-objects/user-space.ts; application code sees only these interfaces.
 */

import type { ServerFrame } from "../contracts/server-frames";

/** A server → client WebSocket frame: the union of src/contracts/server-frames.ts (docs/spec/hosted.md §7). */
export type { ServerFrame };

/** Wall clock, ms since the Unix epoch (a port so tests can fix time). */
export interface Clock {
  now(): number;
}

/** Push side of the user's hibernatable WebSockets (docs/spec/hosted.md §7). */
export interface SocketHub {
  /** Sends a frame to every open socket of this user. */
  broadcast(frame: ServerFrame): void;
  /** Sends a frame to the sockets subscribed to `key` (e.g. `run:<runId>`). */
  publish(key: string, frame: ServerFrame): void;
  /** Closes every socket of one device (revocation), with close code 4001. */
  closeDevice(deviceId: string, reason: string): void;
}

/**
 * One-alarm job scheduler (docs/spec/scheduling.md: a due-time table multiplexed on the alarm).
 * A job whose kind is a registered *step kind* (durable-objects/steps/) is started detached
 * under a lease when due; every other kind is a short job awaited by the alarm.
 */
export interface Scheduler {
  /** Schedules (or re-schedules) the job `(kind, ref)` at `dueAt` (ms epoch). Idempotent per (kind, ref). */
  schedule(kind: string, ref: string, dueAt: number): void;
  /** Schedules `(kind, ref)` at `dueAt` unless it is already due earlier (keeps the earlier time). */
  scheduleBy(kind: string, ref: string, dueAt: number): void;
  /** Cancels the job `(kind, ref)`; no-op when absent. */
  cancel(kind: string, ref: string): void;
  /** When `(kind, ref)` is due (ms epoch), or null when it is not scheduled. */
  dueAt(kind: string, ref: string): number | null;
}

/**
 * The object's outbound-call slots (docs/spec/scheduling.md "Outbound calls"): model and MCP
 * calls of steps run through it so no more than `capacity` wait for response headers at once
 * (below the platform's 6 simultaneous connections); the rest wait in FIFO order.
 */
export interface OutboundSlots {
  readonly capacity: number;
  /** True when a call passed to `run` now would start at once (a slot is free and no one waits). */
  hasFreeSlot(): boolean;
  /**
   * Runs `call` once a slot is free. `onQueued(ahead)` is called (synchronously) when the call
   * must wait first, with the number of calls ahead of it; `onStart` when it gets its slot.
   * Aborting `signal` while queued rejects with the signal's reason and never runs `call`.
   */
  run<T>(
    call: () => Promise<T>,
    options: { signal: AbortSignal; onQueued?: (ahead: number) => void; onStart?: () => void },
  ): Promise<T>;
}

/** Serializes async critical sections (a Durable Object interleaves requests across awaits). */
export interface Mutex {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

/** Secrets settings the services need; never logged. */
export interface SpaceSecrets {
  /** Base64 32-byte root key, or undefined when the operator set none. */
  dataKey: string | undefined;
}

/**
 * Everything a service of one user's space may use. `sql` is the Durable Object's SQLite storage;
 * only adapters/storage code touches it. `memo` caches one service instance per key for the
 * lifetime of the object (rebuilt after eviction; never holds state that is not also in SQLite).
 */
export interface Space {
  readonly userId: string;
  readonly sql: SqlStorage;
  readonly storage: DurableObjectStorage;
  readonly clock: Clock;
  readonly sockets: SocketHub;
  readonly scheduler: Scheduler;
  /** Outbound-call slots shared by every step of this object. */
  readonly outbound: OutboundSlots;
  readonly mutex: Mutex;
  readonly secrets: SpaceSecrets;
  /** True under `wrangler dev` and tests; false when deployed. */
  readonly development: boolean;
  /** Raw TIMEOUT_OVERRIDES JSON (development only; undefined when deployed). */
  readonly timeoutOverrides: Record<string, number>;
  memo<T>(key: string, create: () => T): T;
  /**
   * ctx.waitUntil. Since compatibility date 2026-10-01 a pending promise keeps the Durable Object
   * running, but an outbound fetch() inside it still does not (docs/decisions/1800, 2900): long
   * work must run as a step kind (lease + heartbeat alarm), never rely on this.
   */
  waitUntil(promise: Promise<unknown>): void;
}

/** Who is calling an operation: the authenticated device and the request id for logs. */
export interface Caller {
  deviceId: string;
  requestId: string;
}
