/**
 * Job handler registry: short timed work the alarm awaits (docs/spec/scheduling.md). Each feature
 * defines its job kinds in its own file (`durable-objects/jobs/<feature>.ts`) and they are merged
 * in `./index.ts`; schedule one with `space.scheduler.schedule(kind, ref, dueAt)`. A handler that
 * throws is retried with backoff by the AlarmScheduler (../scheduler.ts).
 */
import type { Space } from "../../src/ports/space";

/** Handles one due job; `ref` is the job's reference (e.g. a run id); `attempt` counts earlier failures. */
export type JobHandler = (space: Space, ref: string, attempt: number) => Promise<void> | void;
