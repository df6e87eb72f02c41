/**
 * `workspace.visibleRoots` / `writableRoots` (docs/spec/workspace.md §1, docs/spec/profiles.md): for each of the five
 * roots, whether the agent sees it and whether it may write there. Writable needs visible; the
 * server checks (`agent.profile_workspace_root_invalid`, `_workspace_visible_empty`).
 */
import { useTranslation } from "react-i18next";
import { toggleEntry } from "./profile-draft";
import { WORKSPACE_ROOTS } from "./types";

export interface WorkspaceRootsFieldProps {
  visible: string[];
  writable: string[];
  onChange(patch: { visibleRoots?: string[]; writableRoots?: string[] }): void;
}

export function WorkspaceRootsField({ visible, writable, onChange }: WorkspaceRootsFieldProps) {
  const { t } = useTranslation();
  const unknown = [...new Set([...visible, ...writable])].filter(
    (r) => !(WORKSPACE_ROOTS as readonly string[]).includes(r),
  );
  return (
    <fieldset className="fieldset profile-roots">
      <legend>{t("profiles.roots.legend")}</legend>
      <ul className="root-list">
        {WORKSPACE_ROOTS.map((root) => (
          <li key={root} className="root-row">
            <span className="root-name">
              <code>{root}/</code> <span className="muted">{t(`profiles.roots.what.${root}`)}</span>
            </span>
            <label className="check">
              <input
                type="checkbox"
                checked={visible.includes(root)}
                aria-label={t("profiles.roots.seeLabel", { root })}
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
              <span aria-hidden="true">{t("profiles.roots.visible")}</span>
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={writable.includes(root)}
                aria-label={t("profiles.roots.writeLabel", { root })}
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
              <span aria-hidden="true">{t("profiles.roots.writable")}</span>
            </label>
          </li>
        ))}
      </ul>
      {unknown.length > 0 && (
        <p className="error-note">
          {t("profiles.roots.unknown", { folders: unknown.join(t("common.listSeparator")) })}
        </p>
      )}
    </fieldset>
  );
}
