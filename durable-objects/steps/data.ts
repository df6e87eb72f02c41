/** Step kinds of account data (docs/spec/data-portability.md): one step of an export or a restore, ref = its id. */
import { EXPORT_STEP_JOB, RESTORE_STEP_JOB } from "../../src/application/data/deps";
import { runExportStep } from "../../src/application/data/export-job";
import { runRestoreStep } from "../../src/application/data/restore-job";
import { dataDeps } from "../../src/composition/data";
import type { StepHandler } from "./registry";

export const dataSteps: Record<string, StepHandler> = {
  [EXPORT_STEP_JOB]: (space, exportId) => runExportStep(dataDeps(space), exportId),
  [RESTORE_STEP_JOB]: (space, restoreId) => runRestoreStep(dataDeps(space), restoreId),
};
