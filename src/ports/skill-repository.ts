/**
 * Ports of the skills feature (docs/spec/skills.md): the installed-skill index and files, staged
 * import previews, per-run read counters (SQLite, src/adapters/storage/skill-store.ts), the
 * shared content-addressed blob store (bytes), and the archive codec (zip + YAML,
 * src/adapters/skills/).
 */
import type { SkillFileRef, SkillPackageInfo } from "../domain/skills/package";

/** One installed skill (§4 `SkillIndexEntry`; `scope` in text form, e.g. `profile:writer`). */
export interface SkillIndexEntry {
  scope: string;
  name: string;
  description: string;
  displayName?: string;
  sourceKind?: string;
  license?: string;
  author?: string;
  version?: string;
  tags: string[];
  installedHash: string;
  fileCount: number;
  totalBytes: number;
  hasScripts: boolean;
  hasBinary: boolean;
  /** ms epoch */
  installedAt: number;
}

/** A staged import preview (kept at most one hour). */
export interface StagedSkillPreview {
  previewId: string;
  targetScope: string;
  package: SkillPackageInfo;
  createdAt: number;
  expiresAt: number;
}

export interface SkillRepository {
  /** Skills of one scope, or of every scope when `scope` is undefined; ordered by scope then name. */
  list(scope?: string): SkillIndexEntry[];
  /** Skills of any of `scopes`. */
  listIn(scopes: readonly string[]): SkillIndexEntry[];
  get(scope: string, name: string): SkillIndexEntry | null;
  files(scope: string, name: string): SkillFileRef[];
  file(scope: string, name: string, path: string): SkillFileRef | null;
  /** Inserts or replaces a skill with its file list (one transaction). */
  put(entry: SkillIndexEntry, files: readonly SkillFileRef[]): void;
  /** @returns false when absent. */
  delete(scope: string, name: string): boolean;
  putPreview(preview: StagedSkillPreview): void;
  getPreview(previewId: string): StagedSkillPreview | null;
  deletePreview(previewId: string): void;
  /** Removes previews with `expiresAt <= now`; returns how many. */
  deleteExpiredPreviews(now: number): number;
  /** Skill chars a run has read so far. */
  runReadChars(runId: string): number;
  /** Adds to a run's read counter; returns the new total. */
  addRunReadChars(runId: string, chars: number): number;
}

/** The content-addressed blob store, byte form (the workspace's SqlBlobStore). */
export interface SkillBlobs {
  putBytes(data: Uint8Array): Promise<{ sha256: string; bytes: number }>;
  readBytes(sha256: string): Uint8Array | null;
}

/** One file to put into an archive. */
export interface ArchiveFile {
  path: string;
  data: Uint8Array;
}

/** Zip and YAML (adapters/skills). */
export interface SkillArchiveCodec {
  /**
   * Inflates a `.zip` stream entry by entry, enforcing the limits of docs/spec/skills.md while
   * inflating; `onEntry` gets each file's raw name and bytes (directories are skipped).
   * Errors: `skill.archive_too_large`, `skill.file_too_large`, `skill.too_many_files`,
   * `skill.unpacked_too_large`, `skill.compression_ratio_exceeded`, `skill.archive_invalid`,
   * `http.body_incomplete`.
   */
  unzip(body: ReadableStream<Uint8Array>, onEntry: (name: string, data: Uint8Array) => Promise<void>): Promise<void>;
  /** A `.zip` of `files`, produced lazily (files are pulled one by one). */
  zip(files: AsyncIterable<ArchiveFile>): ReadableStream<Uint8Array>;
  /** Parses YAML (throws on invalid YAML). */
  parseYaml(text: string): unknown;
}
