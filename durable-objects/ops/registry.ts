/**
 * Operation registry: the typed RPC surface of UserSpace. Each feature defines its operations in
 * its own file (`durable-objects/ops/<feature>.ts`) and they are merged in `./index.ts`.
 * An operation runs after the caller's device token was verified inside the object; it returns a
 * value or throws AppError, which `UserSpace.call` turns into `{ok:false, error}`.
 * An operation listed in src/contracts/operations.ts gets its input and output types from there
 * (ADR 1700): its handler's `input` is typed by the contract and its result must be the DTO.
 */
import type { ContractInput, ContractOutput, ContractedOp } from "../../src/contracts/operations";
import type { Caller, Space } from "../../src/ports/space";

/** One operation: `input` was already validated by the HTTP layer's zod contract. */
export type OpHandler<I = any, O = unknown> = (space: Space, input: I, caller: Caller) => Promise<O> | O;

/** Each handler typed by the contract when its name is a contracted operation, else by itself. */
export type CheckedOps<T> = {
  [K in keyof T]: K extends ContractedOp ? OpHandler<ContractInput<K>, ContractOutput<K>> : OpHandler;
};

/** Identity helper that types contracted operations from src/contracts and keeps every other one's own types. */
export function defineOps<T extends CheckedOps<T>>(ops: T): T {
  return ops;
}
