/** Skill shapes of docs/api.md "Skills", from src/contracts (type-only). */
export type {
  SkillInstallResult as InstallResult,
  SkillEntry,
  SkillFile,
  SkillPreview,
  SkillWarning,
} from "../../../src/contracts/skill-views";
