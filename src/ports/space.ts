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

/** One-alarm job scheduler (docs/spec/hosted.md §5: a due-time table multiplexed on the alarm). */
export interface Scheduler {
  /** Schedules (or re-schedules) the job `(kind, ref)` at `dueAt` (ms epoch). Idempotent per (kind, ref). */
  schedule(kind: string, ref: string, dueAt: number): void;
  /** Cancels the job `(kind, ref)`; no-op when absent. */
  cancel(kind: string, ref: string): void;
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
  readonly mutex: Mutex;
  readonly secrets: SpaceSecrets;
  /** True under `wrangler dev` and tests; false when deployed. */
  readonly development: boolean;
  /** Raw TIMEOUT_OVERRIDES JSON (development only; undefined when deployed). */
  readonly timeoutOverrides: Record<string, number>;
  memo<T>(key: string, create: () => T): T;
  /** Keeps the object alive for background work (ctx.waitUntil). */
  waitUntil(promise: Promise<unknown>): void;
}

/** Who is calling an operation: the authenticated device and the request id for logs. */
export interface Caller {
  deviceId: string;
  requestId: string;
}
