/**
 * Step kind registry (docs/spec/scheduling.md "Step kinds"): a due job of one of these kinds is
 * started detached under a lease (../step-dispatcher.ts) instead of being awaited by the alarm.
 * A feature whose work is a persisted step machine adds `durable-objects/steps/<feature>.ts` with
 * `kind → (space, ref) => Promise<void>` running exactly one step of the machine named by `ref`,
 * which saves its state and schedules its next step itself; `./index.ts` merges them.
 */
import type { Space } from "../../src/ports/space";

/** Runs one step of a step kind; `ref` names what steps (e.g. `<runId>/<invocationId>`). Never awaited by the alarm. */
export type StepHandler = (space: Space, ref: string) => Promise<void>;
