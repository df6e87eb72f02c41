/**
 * The Skills screen (docs/spec/skills.md): import (file or drag-and-drop, preview, conflicts) and
 * every installed skill with who can use it, live on every device (`skill.changed`).
 */
import { useTranslation } from "react-i18next";
import { ErrorNote } from "../components/ErrorNote";
import { ImportSkill } from "./ImportSkill";
import { SkillRow } from "./SkillRow";
import { useSkills } from "./use-skills";
import "./skills.css";

export function SkillsScreen() {
  const { t } = useTranslation();
  const { list, error } = useSkills();
  return (
    <div className="screen skills-screen">
      <header>
        <h1>{t("skills.title")}</h1>
        <p className="muted">{t("skills.intro")}</p>
      </header>
      <ImportSkill />
      <section aria-labelledby="skills-installed-title">
        <h2 id="skills-installed-title">{t("skills.installedTitle")}</h2>
        <ErrorNote error={error} />
        {list === null && !error && <p role="status">{t("skills.loading")}</p>}
        {list?.length === 0 && <p className="muted">{t("skills.empty")}</p>}
        <ul className="skill-list">
          {(list ?? []).map((skill) => (
            <SkillRow key={`${skill.scope}/${skill.name}`} skill={skill} />
          ))}
        </ul>
      </section>
    </div>
  );
}
