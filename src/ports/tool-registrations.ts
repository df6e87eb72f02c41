/**
 * Port: what the tool system reads of MCP registrations (docs/spec/mcp-platform.md §4). Structural subset of
 * [registry]'s McpRegistryService (`summaries()`, `lookupForConnection()`), so the service is passed
 * as is; tests pass fakes.
 */
import type { McpProtocolVersion, McpServerState, StoredToolPermission } from "../domain/mcp/registration";
import type { ToolDescriptionOverride } from "../domain/tools/descriptor";

/** A registration without secrets: eligibility inputs. */
export interface ToolRegistrationSummary {
  id: string;
  displayName: string;
  state: McpServerState;
  toolPermissions: Record<string, StoredToolPermission>;
  toolDescriptionOverrides: Record<string, ToolDescriptionOverride>;
}

/** A registration row that could not be loaded (`message` holds no secret). */
export interface ToolRegistrationIssue {
  registrationId?: string;
  fileName: string;
  message: string;
}

/** A registration with its connection fields in clear (inside the object only; never logged). */
export interface ConnectableRegistration extends ToolRegistrationSummary {
  endpoint: string;
  headers: Record<string, string>;
  protocolVersion: McpProtocolVersion;
}

/** Non-throwing lookup: missing row, or a row that cannot be read or decrypted. */
export type ToolRegistrationLookup<T> =
  | { status: "found"; registration: T }
  | { status: "missing" }
  | { status: "unavailable"; issue: ToolRegistrationIssue };

/** Source of registration summaries for model-tool resolution (scan; nothing decrypted). */
export interface ToolRegistrationSource {
  summaries(): { registrations: ToolRegistrationSummary[]; issues: ToolRegistrationIssue[] };
}

/** Source of one registration for a send-time recheck and the call that follows. */
export interface ConnectableRegistrationSource {
  lookupForConnection(id: string): Promise<ToolRegistrationLookup<ConnectableRegistration>>;
}
