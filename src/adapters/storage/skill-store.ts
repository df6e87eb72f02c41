/**
 * SQLite store of skills (schema v12; docs/spec/skills.md "Storage"): the index, file lists
 * (content in te_blobs), staged previews and per-run read counters. Writes that touch several
 * rows run in one `transactionSync`.
 */
import type { SkillFileRef } from "../../domain/skills/package";
import type { SkillIndexEntry, SkillRepository, StagedSkillPreview } from "../../ports/skill-repository";

type Row = Record<string, SqlStorageValue>;

const OPTIONAL = ["displayName", "sourceKind", "license", "author", "version"] as const;

function toEntry(row: Row): SkillIndexEntry {
  const meta = JSON.parse(String(row.meta)) as Partial<SkillIndexEntry>;
  const entry: SkillIndexEntry = {
    scope: String(row.scope),
    name: String(row.name),
    description: String(row.description),
    tags: meta.tags ?? [],
    installedHash: String(row.installed_hash),
    fileCount: Number(row.file_count),
    totalBytes: Number(row.total_bytes),
    hasScripts: Number(row.has_scripts) === 1,
    hasBinary: Number(row.has_binary) === 1,
    installedAt: Number(row.installed_at),
  };
  for (const key of OPTIONAL) if (typeof meta[key] === "string") entry[key] = meta[key];
  return entry;
}

function toFile(row: Row): SkillFileRef {
  return {
    path: String(row.path),
    sha256: String(row.hash),
    sizeBytes: Number(row.bytes),
    kind: row.kind === "binary" ? "binary" : "text",
    mediaType: String(row.media_type),
  };
}

export class SqlSkillStore implements SkillRepository {
  constructor(private readonly storage: DurableObjectStorage) {}

  private get sql(): SqlStorage {
    return this.storage.sql;
  }

  list(scope?: string): SkillIndexEntry[] {
    const rows =
      scope === undefined
        ? this.sql.exec("SELECT * FROM te_skills ORDER BY scope, name")
        : this.sql.exec("SELECT * FROM te_skills WHERE scope = ? ORDER BY name", scope);
    return rows.toArray().map(toEntry);
  }

  listIn(scopes: readonly string[]): SkillIndexEntry[] {
    if (scopes.length === 0) return [];
    const marks = scopes.map(() => "?").join(", ");
    return this.sql
      .exec(`SELECT * FROM te_skills WHERE scope IN (${marks}) ORDER BY scope, name`, ...scopes)
      .toArray()
      .map(toEntry);
  }

  get(scope: string, name: string): SkillIndexEntry | null {
    const row = this.sql.exec("SELECT * FROM te_skills WHERE scope = ? AND name = ?", scope, name).toArray()[0];
    return row ? toEntry(row) : null;
  }

  files(scope: string, name: string): SkillFileRef[] {
    return this.sql
      .exec("SELECT * FROM te_skill_files WHERE scope = ? AND name = ? ORDER BY path", scope, name)
      .toArray()
      .map(toFile);
  }

  file(scope: string, name: string, path: string): SkillFileRef | null {
    const row = this.sql
      .exec("SELECT * FROM te_skill_files WHERE scope = ? AND name = ? AND path = ?", scope, name, path)
      .toArray()[0];
    return row ? toFile(row) : null;
  }

  put(entry: SkillIndexEntry, files: readonly SkillFileRef[]): void {
    const meta: Record<string, unknown> = { tags: entry.tags };
    for (const key of OPTIONAL) if (entry[key] !== undefined) meta[key] = entry[key];
    this.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM te_skill_files WHERE scope = ? AND name = ?", entry.scope, entry.name);
      this.sql.exec(
        `INSERT OR REPLACE INTO te_skills(scope, name, description, meta, installed_hash, file_count, total_bytes,
          has_scripts, has_binary, installed_at) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        entry.scope,
        entry.name,
        entry.description,
        JSON.stringify(meta),
        entry.installedHash,
        entry.fileCount,
        entry.totalBytes,
        entry.hasScripts ? 1 : 0,
        entry.hasBinary ? 1 : 0,
        entry.installedAt,
      );
      for (const f of files)
        this.sql.exec(
          "INSERT INTO te_skill_files(scope, name, path, hash, bytes, kind, media_type) VALUES(?, ?, ?, ?, ?, ?, ?)",
          entry.scope,
          entry.name,
          f.path,
          f.sha256,
          f.sizeBytes,
          f.kind,
          f.mediaType,
        );
    });
  }

  delete(scope: string, name: string): boolean {
    return this.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM te_skill_files WHERE scope = ? AND name = ?", scope, name);
      return this.sql.exec("DELETE FROM te_skills WHERE scope = ? AND name = ?", scope, name).rowsWritten > 0;
    });
  }

  putPreview(preview: StagedSkillPreview): void {
    this.storage.transactionSync(() => {
      this.sql.exec(
        "INSERT INTO te_skill_previews(preview_id, target_scope, package, created_at, expires_at) VALUES(?, ?, ?, ?, ?)",
        preview.previewId,
        preview.targetScope,
        JSON.stringify(preview.package),
        preview.createdAt,
        preview.expiresAt,
      );
      for (const f of preview.package.files)
        this.sql.exec(
          "INSERT INTO te_skill_preview_files(preview_id, path, hash) VALUES(?, ?, ?)",
          preview.previewId,
          f.path,
          f.sha256,
        );
    });
  }

  getPreview(previewId: string): StagedSkillPreview | null {
    const row = this.sql.exec("SELECT * FROM te_skill_previews WHERE preview_id = ?", previewId).toArray()[0];
    if (!row) return null;
    return {
      previewId: String(row.preview_id),
      targetScope: String(row.target_scope),
      package: JSON.parse(String(row.package)),
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
    };
  }

  deletePreview(previewId: string): void {
    this.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM te_skill_preview_files WHERE preview_id = ?", previewId);
      this.sql.exec("DELETE FROM te_skill_previews WHERE preview_id = ?", previewId);
    });
  }

  deleteExpiredPreviews(now: number): number {
    return this.storage.transactionSync(() => {
      this.sql.exec(
        "DELETE FROM te_skill_preview_files WHERE preview_id IN (SELECT preview_id FROM te_skill_previews WHERE expires_at <= ?)",
        now,
      );
      return this.sql.exec("DELETE FROM te_skill_previews WHERE expires_at <= ?", now).rowsWritten;
    });
  }

  runReadChars(runId: string): number {
    const row = this.sql.exec("SELECT chars FROM te_skill_run_reads WHERE run_id = ?", runId).toArray()[0];
    return row ? Number(row.chars) : 0;
  }

  /** Drops the run's skill-read counter (a deleted run's cleanup). */
  deleteRunReads(runId: string): void {
    this.sql.exec("DELETE FROM te_skill_run_reads WHERE run_id = ?", runId);
  }

  addRunReadChars(runId: string, chars: number): number {
    this.sql.exec(
      "INSERT INTO te_skill_run_reads(run_id, chars) VALUES(?, ?) ON CONFLICT(run_id) DO UPDATE SET chars = chars + excluded.chars",
      runId,
      chars,
    );
    return this.runReadChars(runId);
  }
}
