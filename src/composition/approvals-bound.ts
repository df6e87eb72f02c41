/**
 * The approval service with both holder hooks bound (docs/spec/approvals.md §4–§5): the routes and
 * the expiry job end approvals whose run or generation may not have been touched yet in this
 * object's lifetime, so the loop and generation deps (which bind their hooks when built) are built
 * first.
 */
import type { ApprovalService } from "../application/approvals/approval-service";
import type { Space } from "../ports/space";
import { agentLoopDeps } from "./agent-loop";
import { approvalServices } from "./approvals";
import { chatGenerationDeps } from "./chat-generation";

export function boundApprovals(space: Space): ApprovalService {
  agentLoopDeps(space);
  chatGenerationDeps(space);
  return approvalServices(space);
}
