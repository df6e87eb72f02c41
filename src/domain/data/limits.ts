/**
 * Limits of account export and restore (docs/spec/data-portability.md §4,
 * docs/decisions/2700-account-archive-jobs.md). Sizes in bytes, times in ms.
 */
const MiB = 1024 * 1024;

export const DATA_LIMITS = {
  /** How long a finished export can be downloaded and a staged restore previewed/applied. */
  retentionMs: 24 * 60 * 60 * 1000,
  /** Bytes per stored chunk row (rows are limited to 2 MB). */
  chunkBytes: MiB,
  /** Work per export or restore step before it yields to the next step (CPU per invocation). */
  stepBudgetMs: 2_000,
  stepBudgetBytes: 8 * MiB,
  /** The largest archive a restore stages (uploads past the request limit come in parts). */
  archiveBytes: 512 * MiB,
  /** The largest archive an export writes (no ZIP64). */
  exportBytes: 2048 * MiB,
  /** Entries in one archive (no ZIP64: the end record counts at most 65,535). */
  entries: 65_000,
  /** One entry, inflated. */
  entryBytes: 64 * MiB,
  /** All entries, inflated. */
  totalBytes: 4096 * MiB,
  /** An entry past `ratioFloorBytes` may not inflate to more than `compressionRatio` × its stored size. */
  compressionRatio: 200,
  ratioFloorBytes: MiB,
  /** PBKDF2-SHA-256 iterations for the passphrase key (OWASP 2023 recommendation). */
  pbkdf2Iterations: 600_000,
  /** Passphrase length, characters. */
  passphraseMinChars: 8,
  passphraseMaxChars: 1024,
} as const;
