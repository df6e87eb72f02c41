/**
 * `workspace.visibleRoots` / `writableRoots` (docs/spec/workspace.md §1, docs/spec/profiles.md): for each of the five
 * roots, whether the agent sees it and whether it may write there. Writable needs visible; the
 * server checks (`agent.profile_workspace_root_invalid`, `_workspace_visible_empty`).
 */
import { toggleEntry } from "./profile-draft";
import { WORKSPACE_ROOTS } from "./types";

const ROOT_TEXT: Record<(typeof WORKSPACE_ROOTS)[number], string> = {
  output: "what becomes the chat message",
  scratch: "notes for this run only",
  plan: "the run's plan",
  summaries: "summaries of long material",
  persist: "kept for the next run in this chat",
};

export interface WorkspaceRootsFieldProps {
  visible: string[];
  writable: string[];
  onChange(patch: { visibleRoots?: string[]; writableRoots?: string[] }): void;
}

export function WorkspaceRootsField({ visible, writable, onChange }: WorkspaceRootsFieldProps) {
  const unknown = [...new Set([...visible, ...writable])].filter(
    (r) => !(WORKSPACE_ROOTS as readonly string[]).includes(r),
  );
  return (
    <fieldset className="fieldset profile-roots">
      <legend>Workspace folders</legend>
      <ul className="root-list">
        {WORKSPACE_ROOTS.map((root) => (
          <li key={root} className="root-row">
            <span className="root-name">
              <code>{root}/</code> <span className="muted">{ROOT_TEXT[root]}</span>
            </span>
            <label className="check">
              <input
                type="checkbox"
                checked={visible.includes(root)}
                aria-label={`${root}: the agent can see it`}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? { visibleRoots: toggleEntry(visible, root, true) }
                      : {
                          visibleRoots: toggleEntry(visible, root, false),
                          writableRoots: toggleEntry(writable, root, false),
                        },
                  )
                }
              />
              <span aria-hidden="true">Visible</span>
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={writable.includes(root)}
                aria-label={`${root}: the agent can write it`}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? {
                          writableRoots: toggleEntry(writable, root, true),
                          visibleRoots: toggleEntry(visible, root, true),
                        }
                      : { writableRoots: toggleEntry(writable, root, false) },
                  )
                }
              />
              <span aria-hidden="true">Writable</span>
            </label>
          </li>
        ))}
      </ul>
      {unknown.length > 0 && (
        <p className="error-note">
          Unknown folders in this profile: {unknown.join(", ")} (the server will refuse them).
        </p>
      )}
    </fieldset>
  );
}
