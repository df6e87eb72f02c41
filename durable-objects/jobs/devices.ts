/** Scheduler jobs of devices and auth: purging expired pairing codes, socket tickets and auth failures. */
import { PURGE_JOB } from "../../src/application/devices/device-service";
import { deviceServices } from "../../src/composition/devices";
import type { JobHandler } from "./registry";

export const deviceJobs: Record<string, JobHandler> = {
  [PURGE_JOB]: (space) => {
    deviceServices(space).purgeExpired();
  },
};
