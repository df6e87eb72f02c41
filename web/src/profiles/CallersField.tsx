/**
 * `delegation.allowedCallers`: "Any of my profiles" (`*`) or only the profiles ticked here (the
 * user's profiles from `GET /agent/profiles`, plus ids the document names that no longer exist).
 * The server refuses an empty list (`agent.profile_delegation_callers_empty`) and a malformed id
 * (`agent.profile_id_invalid` at `$.delegation.allowedCallers[i]`).
 */
import { useTranslation } from "react-i18next";
import { profileName } from "./profile-name";
import { namedCallers } from "./delegation-draft";
import { FieldError, type Refusal } from "./FieldError";
import { toggleEntry } from "./profile-draft";
import { useProfileList } from "./use-profile-list";

export function CallersField({
  profileId,
  callers,
  refusal,
  onChange,
}: {
  profileId: string;
  callers: string[];
  refusal: Refusal | null;
  onChange(callers: string[]): void;
}) {
  const { t } = useTranslation();
  const { list } = useProfileList();
  const named = namedCallers(callers);
  const known = new Map((list?.profiles ?? []).map((p) => [p.id, p.displayName]));
  const ids = [...new Set([...known.keys(), ...(named ?? [])])].filter((id) => id !== profileId);
  return (
    <fieldset className="deleg-callers" aria-describedby={refusal ? "deleg-callers-error" : undefined}>
      <legend>{t("profiles.delegation.callers.legend")}</legend>
      <label className="check">
        <input type="radio" checked={named === null} onChange={() => onChange(["*"])} data-testid="deleg-callers-any" />
        <span>{t("profiles.delegation.callers.any")}</span>
      </label>
      <label className="check">
        <input
          type="radio"
          checked={named !== null}
          onChange={() => onChange(callers.filter((c) => c !== "*"))}
          data-testid="deleg-callers-some"
        />
        <span>{t("profiles.delegation.callers.some")}</span>
      </label>
      {named !== null && (
        <ul className="deleg-caller-list">
          {ids.length === 0 && <li className="muted">{t("profiles.delegation.callers.none")}</li>}
          {ids.map((id) => (
            <li key={id}>
              <label className="check">
                <input
                  type="checkbox"
                  checked={named.includes(id)}
                  onChange={(e) => onChange(toggleEntry(named, id, e.target.checked))}
                />
                <span>
                  {known.has(id) ? profileName(t, id, known.get(id)) : t("profiles.delegation.callers.unknown")}{" "}
                  <code>{id}</code>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <FieldError refusal={refusal} id="deleg-callers-error" />
    </fieldset>
  );
}
