/**
 * Skill names (docs/spec/skills.md "Package"): 1..128 chars of lowercase ASCII letters, digits,
 * `-` and `_`. A skill is identified by its scope and its name.
 */
import { AppError } from "../errors";

const NAME = /^[a-z0-9_-]{1,128}$/;

/** True when `name` is a valid skill name. */
export function isSkillName(name: string): boolean {
  return NAME.test(name);
}

/** Returns `name` or throws `skill.name_invalid` (400). */
export function requireSkillName(name: string): string {
  if (!isSkillName(name))
    throw new AppError(
      "skill.name_invalid",
      `"${name.slice(0, 140)}" is not a skill name: use 1 to 128 lowercase letters a-z, digits, "-" or "_".`,
      { name: name.slice(0, 140) },
    );
  return name;
}
