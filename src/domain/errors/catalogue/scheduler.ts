/** `scheduler.*` error codes (docs/spec/hosted.md §5): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const SCHEDULER_CODES = {
  "scheduler.job_dropped": { status: 400, message: "A scheduled job failed repeatedly and was dropped." },
} as const satisfies Record<`scheduler.${string}`, CatalogueEntry>;
