/**
 * Picks a skill scope: who sees the skill (every agent, one profile, a named skill set, one
 * character) and, for the last three, which one. Profile ids are offered from the profile list.
 */
import { useId } from "react";
import { SelectField } from "../components/SelectField";
import { useProfileList } from "../profiles/use-profile-list";
import { joinScope, SCOPE_KINDS, splitScope, type ScopeKind } from "./scope";

export function ScopePicker({
  scope,
  onChange,
  label = "Who can use it",
}: {
  scope: string;
  onChange(scope: string): void;
  label?: string;
}) {
  const { kind, value } = splitScope(scope);
  const listId = useId();
  const { list } = useProfileList();
  const hint = SCOPE_KINDS.find((k) => k.kind === kind)?.hint;
  const valueLabel = kind === "profile" ? "Profile id" : kind === "preset" ? "Skill set name" : "Character id";
  return (
    <div className="skill-scope">
      <SelectField
        label={label}
        value={kind}
        onChange={(e) => onChange(joinScope(e.target.value as ScopeKind, kind === "global" ? "" : value))}
      >
        {SCOPE_KINDS.map((k) => (
          <option key={k.kind} value={k.kind}>
            {k.label}
          </option>
        ))}
      </SelectField>
      {kind !== "global" && (
        <label className="field">
          <span>{valueLabel}</span>
          <input
            value={value}
            list={kind === "profile" ? listId : undefined}
            onChange={(e) => onChange(`${kind}:${e.target.value}`)}
            placeholder={kind === "profile" ? "default-writer" : kind === "preset" ? "My preset" : "character id"}
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
      {hint && <small className="muted">{hint}</small>}
    </div>
  );
}
