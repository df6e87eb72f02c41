/**
 * Composition: tool-call approvals of one user's space (docs/spec/approvals.md). The holder hooks
 * (journal and wake the parked Agent run step or chat generation step) are bound by
 * `agentLoopDeps` and `chatGenerationDeps` when they are built; `boundApprovals` (approvals-bound.ts,
 * for the routes and the expiry job) builds both first, so a decision always reaches its holder.
 */
import { SqlApprovalStore } from "../adapters/storage/approval-store";
import { ApprovalService } from "../application/approvals/approval-service";
import type { Space } from "../ports/space";
import { toolPermissions } from "./mcp-catalog";

export function approvalServices(space: Space): ApprovalService {
  return space.memo(
    "approvals",
    () =>
      new ApprovalService({
        store: new SqlApprovalStore(space.sql),
        clock: space.clock,
        scheduler: space.scheduler,
        sockets: space.sockets,
        development: space.development,
        allowTool: async (registrationId, nativeName) => {
          await toolPermissions(space).setOne(registrationId, nativeName, "allow");
        },
      }),
  );
}
