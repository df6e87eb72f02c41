/** Scheduler job of approvals (docs/spec/approvals.md "Expiry"): `approval.expire` (ref = approval id). */
import { APPROVAL_EXPIRE_JOB } from "../../src/application/approvals/approval-service";
import { boundApprovals as approvalServices } from "../../src/composition/approvals-bound";
import type { JobHandler } from "./registry";

export const approvalJobs: Record<string, JobHandler> = {
  [APPROVAL_EXPIRE_JOB]: (space, approvalId) => {
    approvalServices(space).expire(approvalId);
  },
};
