/**
 * Picks a skill scope: who sees the skill (every agent, a named skill set, one profile, one
 * character) and, for the last three, which one. Profile ids are offered from the profile list.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "../components/SelectField";
import { useProfileList } from "../profiles/use-profile-list";
import { joinScope, SCOPE_KINDS, splitScope, type ScopeKind } from "./scope";

export function ScopePicker({
  scope,
  onChange,
  label,
}: {
  scope: string;
  onChange(scope: string): void;
  label?: string;
}) {
  const { t } = useTranslation();
  const { kind, value } = splitScope(scope);
  const listId = useId();
  const { list } = useProfileList();
  return (
    <div className="skill-scope">
      <SelectField
        label={label ?? t("skills.scope.pickLabel")}
        value={kind}
        onChange={(e) => onChange(joinScope(e.target.value as ScopeKind, kind === "global" ? "" : value))}
      >
        {SCOPE_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`skills.scope.kinds.${k}`)}
          </option>
        ))}
      </SelectField>
      {kind !== "global" && (
        <label className="field">
          <span>{t(`skills.scope.valueLabels.${kind}`)}</span>
          <input
            value={value}
            list={kind === "profile" ? listId : undefined}
            onChange={(e) => onChange(`${kind}:${e.target.value}`)}
            placeholder={t(`skills.scope.placeholders.${kind}`)}
            required
          />
          {kind === "profile" && (
            <datalist id={listId}>
              {(list?.profiles ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.displayName}
                </option>
              ))}
            </datalist>
          )}
        </label>
      )}
      <small className="muted">{t(`skills.scope.hints.${kind}`)}</small>
    </div>
  );
}
