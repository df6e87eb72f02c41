/**
 * Hosted limits of skill packages (docs/spec/skills.md "Limits"; docs/decisions/2501). Workers
 * have 128 MB of memory, so the hosted limits are tighter than TauriTavern's desktop ones.
 */
export const SKILL_LIMITS = Object.freeze({
  /** Largest upload (the `.zip` body or a JSON/`SKILL.md` body), bytes: 32 MiB. */
  uploadBytes: 32 * 1024 * 1024,
  /** Largest single file once unpacked, bytes: 8 MiB. */
  fileBytes: 8 * 1024 * 1024,
  /** Most files in one package. */
  files: 1000,
  /** Largest compression ratio (inflated / compressed) of an entry and of the archive so far. */
  compressionRatio: 100,
  /** Inflated bytes below which the ratio is not enforced (tiny repetitive files), bytes: 1 MiB. */
  ratioFloorBytes: 1024 * 1024,
  /** Largest package once unpacked, bytes: 64 MiB. */
  totalBytes: 64 * 1024 * 1024,
  /** Largest `SKILL.md`, bytes: 1 MiB. */
  manifestBytes: 1024 * 1024,
  /** How long an import preview stays staged, ms: 1 hour. */
  previewTtlMs: 60 * 60 * 1000,
  /** Longest path inside a package, chars. */
  pathChars: 512,
  /** Longest description kept in the index, chars. */
  descriptionChars: 4000,
});

/** Skill read budgets of a profile (docs/spec/skills.md "Agent tools"): defaults of §3.14. */
export const DEFAULT_MAX_READ_CHARS_PER_CALL = 20_000;
export const DEFAULT_MAX_READ_CHARS_PER_RUN = 80_000;
