/** A Scheduler that schedules nothing: for tests that drive loop steps by hand. */
import type { Scheduler } from "../../src/ports/space";

export const NO_SCHEDULER: Scheduler = {
  schedule: () => undefined,
  scheduleBy: () => undefined,
  cancel: () => undefined,
  dueAt: () => null,
};
