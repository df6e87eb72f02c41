/**
 * A registration's tool permissions (docs/spec/mcp-platform.md §4; docs/spec/approvals.md §8):
 * one tool's level, or a patch of several tools in one revision; `off` deletes the tool's key
 * (Off is the default). Never touches the catalog. Checking names against the catalog and the
 * review that follows a change are tool-permissions.ts's. Errors: the editor's (registry-edit.ts).
 */
import { withPermission, type ToolPermission } from "../../domain/mcp/registration";
import type { RegistryEditor } from "./registry-edit";
import type { McpServerView } from "./registry-views";

/** Sets one tool's permission. */
export function setToolPermission(
  editor: RegistryEditor,
  id: string,
  nativeName: string,
  permission: ToolPermission,
  ifRevision?: number,
): Promise<McpServerView> {
  return setToolPermissions(editor, id, { [nativeName]: permission }, ifRevision);
}

/** Applies `patch` (tool → level; the listed tools only) as one change. */
export function setToolPermissions(
  editor: RegistryEditor,
  id: string,
  patch: Readonly<Record<string, ToolPermission>>,
  ifRevision?: number,
): Promise<McpServerView> {
  return editor.edit(id, ifRevision, (current) => {
    let permissions = current.toolPermissions;
    for (const [nativeName, permission] of Object.entries(patch))
      permissions = withPermission(permissions, nativeName, permission);
    return { ...current, toolPermissions: permissions };
  });
}
