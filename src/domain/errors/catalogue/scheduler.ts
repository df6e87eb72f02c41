/** `scheduler.*` error codes (docs/spec/hosted.md §5, docs/spec/scheduling.md): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const SCHEDULER_CODES = {
  "scheduler.job_dropped": { status: 400, message: "A scheduled job failed repeatedly and was dropped." },
  "scheduler.step_failed": { status: 400, message: "A step threw instead of ending its work itself." },
  "scheduler.step_recovered": {
    status: 400,
    message: "A step that was in flight when the object stopped is being resumed.",
  },
} as const satisfies Record<`scheduler.${string}`, CatalogueEntry>;
