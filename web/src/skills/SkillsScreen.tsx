/**
 * The Skills screen (docs/spec/skills.md): import (file or drag-and-drop, preview, conflicts) and
 * every installed skill grouped by who can use it, live on every device (`skill.changed`).
 */
import { ErrorNote } from "../components/ErrorNote";
import { ImportSkill } from "./ImportSkill";
import { SkillRow } from "./SkillRow";
import { useSkills } from "./use-skills";
import "./skills.css";

export function SkillsScreen() {
  const { list, error } = useSkills();
  return (
    <div className="screen skills-screen">
      <header className="screen-head">
        <h1>Skills</h1>
        <p className="muted">
          Knowledge packages your agents can list, search and read (never run). A profile decides which skills it sees.
        </p>
      </header>
      <ImportSkill />
      <section aria-labelledby="skills-installed-title">
        <h2 id="skills-installed-title">Installed skills</h2>
        <ErrorNote error={error} />
        {list === null && !error && <p role="status">Loading skills…</p>}
        {list?.length === 0 && <p className="muted">No skills yet. Import a .zip with a SKILL.md to start.</p>}
        <ul className="skill-list">
          {(list ?? []).map((skill) => (
            <SkillRow key={`${skill.scope}/${skill.name}`} skill={skill} />
          ))}
        </ul>
      </section>
    </div>
  );
}
