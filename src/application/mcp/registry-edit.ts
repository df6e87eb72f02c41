/**
 * One change of a stored registration (docs/spec/mcp-platform.md §1): what the registry's per-tool
 * settings (registry-permissions.ts, registry-overrides.ts) need from McpRegistryService. `edit`
 * runs `change` in the space mutex on the current record after the `ifRevision` check (stale →
 * 409 `mcp.registration_conflict`, `details.current`), saves the result as revision + 1,
 * broadcasts `mcp.server_changed` and answers the new view. Errors: `mcp.registration_not_found`
 * (404), `mcp.registration_storage_issue`, the conflict, and whatever `change` throws (nothing is
 * saved then).
 */
import type { StoredRegistration } from "../../ports/mcp-registration-repository";
import type { McpServerView } from "./registry-views";

export interface RegistryEditor {
  edit(
    id: string,
    ifRevision: number | undefined,
    change: (current: StoredRegistration) => StoredRegistration | Promise<StoredRegistration>,
  ): Promise<McpServerView>;
}
