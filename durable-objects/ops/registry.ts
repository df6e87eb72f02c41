/**
 * Operation registry: the typed RPC surface of UserSpace. Each feature defines its operations in
 * its own file (`durable-objects/ops/<feature>.ts`) and they are merged in `./index.ts`.
 * An operation runs after the caller's device token was verified inside the object; it returns a
 * value or throws AppError, which `UserSpace.call` turns into `{ok:false, error}`.
 */
import type { Caller, Space } from "../../src/ports/space";

/** One operation: `input` was already validated by the HTTP layer's zod contract. */
export type OpHandler<I = any, O = unknown> = (space: Space, input: I, caller: Caller) => Promise<O> | O;

/** Identity helper that keeps each operation's input/output types. */
export function defineOps<T extends Record<string, OpHandler>>(ops: T): T {
  return ops;
}
