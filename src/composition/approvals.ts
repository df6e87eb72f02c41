/**
 * Composition: tool-call approvals of one user's space (docs/spec/approvals.md). The service's
 * holder hooks journal and wake the parked Agent run step or chat generation step; they look the
 * loop and generation services up when an approval ends (not at construction), so the three can
 * refer to each other.
 */
import { SqlApprovalStore } from "../adapters/storage/approval-store";
import { onRunApprovalResolved } from "../application/agent/loop/steps/approval-gate";
import { ApprovalService } from "../application/approvals/approval-service";
import { onGenerationApprovalResolved } from "../application/generation/approval-gate";
import type { Space } from "../ports/space";
import { agentLoopDeps } from "./agent-loop";
import { chatGenerationDeps } from "./chat-generation";
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
        holders: {
          run: (record) => onRunApprovalResolved(agentLoopDeps(space), record),
          generation: (record) => onGenerationApprovalResolved(chatGenerationDeps(space), record),
        },
      }),
  );
}
