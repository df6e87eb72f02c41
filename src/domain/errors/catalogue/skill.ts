/** `skill.*` error codes (docs/spec/skills.md): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const SKILL_CODES = {
  "skill.archive_invalid": { status: 400, message: "The upload is not a readable .zip file." },
  "skill.archive_too_large": { status: 413, message: "The upload is larger than 32 MiB." },
  "skill.compression_ratio_exceeded": {
    status: 413,
    message: "The archive expands more than 100 times; it looks like a zip bomb and was refused.",
  },
  "skill.conflict": {
    status: 409,
    message: "A different skill with this name is already installed here. Choose replace or skip.",
  },
  "skill.description_missing": { status: 400, message: 'SKILL.md frontmatter needs a non-empty "description".' },
  "skill.file_binary": { status: 400, message: "This skill file is binary and cannot be read as text." },
  "skill.file_not_found": { status: 404, message: "The skill has no such file." },
  "skill.file_too_large": { status: 413, message: "A file of the skill is larger than 8 MiB." },
  "skill.frontmatter_invalid": {
    status: 400,
    message: 'SKILL.md must start with a "---" line, YAML with name and description, then "---".',
  },
  "skill.invalid_request": { status: 400, message: "The skill request is not valid." },
  "skill.manifest_missing": { status: 400, message: "The package has no SKILL.md at its root." },
  "skill.manifest_not_text": { status: 400, message: "SKILL.md is not UTF-8 text." },
  "skill.manifest_too_large": { status: 413, message: "SKILL.md is larger than 1 MiB." },
  "skill.name_invalid": {
    status: 400,
    message: 'A skill name is 1 to 128 lowercase letters a-z, digits, "-" or "_".',
  },
  "skill.not_found": { status: 404, message: "There is no such skill in this scope." },
  "skill.not_visible": { status: 403, message: "The skill is not visible to this profile." },
  "skill.path_absolute": { status: 400, message: "The path is absolute; paths in a skill are relative." },
  "skill.path_drive": { status: 400, message: "The path starts with a drive letter." },
  "skill.path_duplicate": { status: 400, message: "The package lists the same path twice." },
  "skill.path_invalid": { status: 400, message: "The path is not a file path inside the skill." },
  "skill.path_nul": { status: 400, message: "The path contains a NUL or control character." },
  "skill.path_traversal": { status: 400, message: 'The path leaves the skill with "..".' },
  "skill.policy_denied": { status: 403, message: "The profile denies this skill." },
  "skill.preview_not_found": {
    status: 404,
    message: "This import preview no longer exists (previews are kept for one hour). Choose the file again.",
  },
  "skill.read_budget_exceeded": {
    status: 400,
    message: "max_chars is more than the characters one skill read may return.",
  },
  "skill.read_budget_exhausted": { status: 400, message: "This run has read all the skill characters it may." },
  "skill.scope_invalid": {
    status: 400,
    message: "Not a skill scope: use global, profile:<id>, character:<id> or preset:<name>.",
  },
  "skill.search_context_too_large": { status: 400, message: "context_lines is too large; the maximum is 5." },
  "skill.search_limit_invalid": { status: 400, message: "limit must be between 1 and 50." },
  "skill.search_limit_too_large": { status: 400, message: "limit is too large; the maximum is 50." },
  "skill.sidecar_invalid": { status: 400, message: "agents/tauritavern.json is not valid." },
  "skill.too_many_files": { status: 413, message: "The package has more than 1,000 files." },
  "skill.unpacked_too_large": { status: 413, message: "The package is larger than 64 MiB unpacked." },
} as const satisfies Record<`skill.${string}`, CatalogueEntry>;
