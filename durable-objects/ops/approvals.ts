/** Tool-call approval operations (docs/spec/approvals.md): list, decide (from the calling device), settings. */
import { boundApprovals as approvalServices } from "../../src/composition/approvals-bound";
import { defineOps } from "./registry";

export const approvalOps = defineOps({
  "approvals.list": (space, input) => approvalServices(space).list(input.status),
  "approvals.decide": (space, input, caller) =>
    approvalServices(space).decide(input.approvalId, input.decision, caller.deviceId),
  "approvals.settings.get": (space, _input) => approvalServices(space).settings(),
  "approvals.settings.update": (space, input) => approvalServices(space).updateSettings(input),
});
