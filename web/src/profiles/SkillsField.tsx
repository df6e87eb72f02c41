/**
 * `skills.visible` / `skills.deny` of a profile (docs/spec/skills.md "Resolution"): "Every skill"
 * puts `*` in visible; each installed skill name (and each name the profile lists) can be made
 * visible, not visible, or denied — deny wins, even over "Every skill". The server refuses an
 * empty visible list (`agent.profile_skill_visible_empty`).
 */
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
      <legend>Skills the agent may read</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={all}
          onChange={(e) => onChange({ skillsVisible: toggleEntry(visible, "*", e.target.checked), skillsDeny: deny })}
        />
        <span>Every skill of its scopes (denied ones excepted)</span>
      </label>
      {names.length === 0 && <p className="muted">No skills are installed yet (see the Skills screen).</p>}
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
                aria-label={`Skill ${name}`}
              >
                <option value="visible">Visible</option>
                {!all && <option value="hidden">Not visible</option>}
                <option value="denied">Denied</option>
              </select>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
