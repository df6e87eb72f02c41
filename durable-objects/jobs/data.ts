/** Scheduler jobs of account data (docs/spec/data-portability.md): expiring finished exports and staged restores. */
import { DATA_EXPIRY_JOB } from "../../src/application/data/deps";
import { expireData } from "../../src/application/data/export-reads";
import { dataDeps } from "../../src/composition/data";
import type { JobHandler } from "./registry";

export const dataJobs: Record<string, JobHandler> = {
  [DATA_EXPIRY_JOB]: (space) => {
    expireData(dataDeps(space));
  },
};
