/**
 * `skills.visible` / `skills.deny` of a profile (docs/spec/skills.md "Resolution"): "Every skill"
 * puts `*` in visible; each installed skill name (and each name the profile lists) can be made
 * visible, not visible, or denied — deny wins, even over "Every skill". The server refuses an
 * empty visible list (`agent.profile_skill_visible_empty`).
 */
import { useTranslation } from "react-i18next";
import { useSkills } from "../skills/use-skills";
import { toggleEntry } from "./profile-draft";

type State = "visible" | "hidden" | "denied";

export function SkillsField({
  visible,
  deny,
  onChange,
}: {
  visible: string[];
  deny: string[];
  onChange(next: { skillsVisible: string[]; skillsDeny: string[] }): void;
}) {
  const { t } = useTranslation();
  const { list } = useSkills();
  const all = visible.includes("*");
  const names = [...new Set([...(list ?? []).map((s) => s.name), ...visible, ...deny])].filter((n) => n !== "*").sort();
  const stateOf = (name: string): State =>
    deny.includes(name) ? "denied" : all || visible.includes(name) ? "visible" : "hidden";
  const set = (name: string, state: State) =>
    onChange({
      skillsVisible: state === "visible" && !all ? toggleEntry(visible, name, true) : toggleEntry(visible, name, false),
      skillsDeny: toggleEntry(deny, name, state === "denied"),
    });
  return (
    <fieldset className="fieldset profile-skills">
      <legend>{t("skills.profileField.legend")}</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={all}
          onChange={(e) => onChange({ skillsVisible: toggleEntry(visible, "*", e.target.checked), skillsDeny: deny })}
        />
        <span>{t("skills.profileField.all")}</span>
      </label>
      {names.length === 0 && <p className="muted">{t("skills.profileField.none")}</p>}
      <ul className="skill-picks">
        {names.map((name) => (
          <li key={name}>
            <label className="field">
              <span>
                <code>{name}</code>
              </span>
              <select
                value={stateOf(name)}
                onChange={(e) => set(name, e.target.value as State)}
                aria-label={t("skills.profileField.selectLabel", { name })}
              >
                <option value="visible">{t("skills.profileField.visible")}</option>
                {!all && <option value="hidden">{t("skills.profileField.hidden")}</option>}
                <option value="denied">{t("skills.profileField.denied")}</option>
              </select>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
