/** Port: what the user approved of each permitted MCP tool (docs/spec/approvals.md §7), `te_mcp_tool_approvals`. */
import type { ToolApprovalRecord } from "../domain/mcp/tool-review";

export interface ToolApprovalStore {
  forRegistration(registrationId: string): ToolApprovalRecord[];
  get(registrationId: string, nativeName: string): ToolApprovalRecord | null;
  put(record: ToolApprovalRecord): void;
  remove(registrationId: string, nativeName: string): void;
  removeRegistration(registrationId: string): void;
}
