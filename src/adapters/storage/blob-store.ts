/**
 * Content-addressed text blobs in SQLite (schema v7): sha256 of the UTF-8 bytes → rows of
 * ≤ 1 MiB chunks (docs/spec/hosted.md §5: rows ≤ 2 MB). Writing the same content twice stores it
 * once. Blobs are shared by run files, checkpoints and persistent states of every run of the user,
 * and by installed skills and staged skill previews (bytes; docs/spec/skills.md "Storage");
 * `area` records which usage area wrote a blob first, so its bytes count there once
 * (docs/spec/retention-usage.md "Usage").
 */
import { sha256Hex } from "../../domain/ids";
import type { SkillBlobs } from "../../ports/skill-repository";
import type { BlobArea, BlobStore } from "../../ports/workspace-store";

/** Bytes per chunk row. */
export const BLOB_CHUNK_BYTES = 1024 * 1024;

export class SqlBlobStore implements BlobStore, SkillBlobs {
  constructor(
    private readonly sql: SqlStorage,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async put(text: string, area: BlobArea = "workspace"): Promise<{ sha256: string; bytes: number }> {
    return this.putBytes(new TextEncoder().encode(text), area);
  }

  /** Stores raw bytes (if new; first writer's `area`); sha256 of the bytes. */
  async putBytes(data: Uint8Array, area: BlobArea = "workspace"): Promise<{ sha256: string; bytes: number }> {
    const sha256 = await sha256Hex(data as Uint8Array<ArrayBuffer>);
    // Synchronous from here: check-and-insert cannot interleave with another request. Each chunk
    // goes in only while no blob row has this hash, so the first chunk's insert is the existence
    // check as well (one statement fewer per new blob; issue 31). A chunk left without its blob
    // row by a failed write is replaced.
    const chunks = Math.max(1, Math.ceil(data.byteLength / BLOB_CHUNK_BYTES));
    for (let i = 0; i < chunks; i += 1) {
      const part = data.slice(i * BLOB_CHUNK_BYTES, (i + 1) * BLOB_CHUNK_BYTES);
      const written = this.sql.exec(
        `INSERT OR REPLACE INTO te_blob_chunks(hash, idx, data)
         SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM te_blobs WHERE hash = ?)`,
        sha256,
        i,
        part.buffer,
        sha256,
      ).rowsWritten;
      if (written === 0) return { sha256, bytes: data.byteLength };
    }
    this.sql.exec(
      "INSERT INTO te_blobs(hash, bytes, chunks, created_at, area) VALUES(?, ?, ?, ?, ?)",
      sha256,
      data.byteLength,
      chunks,
      this.now(),
      area,
    );
    return { sha256, bytes: data.byteLength };
  }

  readText(sha256: string): string | null {
    const bytes = this.readBytes(sha256);
    return bytes === null ? null : new TextDecoder().decode(bytes);
  }

  /** The bytes of a stored blob, or null when unknown. */
  readBytes(sha256: string): Uint8Array | null {
    const meta = this.sql.exec("SELECT bytes FROM te_blobs WHERE hash = ?", sha256).toArray()[0];
    if (!meta) return null;
    const out = new Uint8Array(Number(meta.bytes));
    let offset = 0;
    for (const row of this.sql.exec("SELECT data FROM te_blob_chunks WHERE hash = ? ORDER BY idx", sha256)) {
      const part = new Uint8Array(row.data as ArrayBuffer);
      out.set(part, offset);
      offset += part.byteLength;
    }
    return out;
  }

  /**
   * Deletes those of `hashes` that no run file, checkpoint, persistent state, installed skill or staged skill preview refers to any more
   * (each checked through the hash indexes of schema v11, so the cost is O(candidates · log n),
   * never a scan of every reference). Call it synchronously after deleting the rows that referred
   * to them: a writer puts a blob and refers to it without yielding in between, so a blob about to
   * be referenced again cannot be swept.
   * @returns the number of blobs removed.
   */
  sweep(hashes?: Iterable<string>): number {
    if (hashes === undefined) return this.sweepAll();
    let removed = 0;
    for (const hash of new Set(hashes)) {
      const referenced = this.sql
        .exec(
          `SELECT EXISTS (SELECT 1 FROM te_ws_files WHERE hash = ?1) OR EXISTS (SELECT 1 FROM te_checkpoint_entries WHERE hash = ?1)
            OR EXISTS (SELECT 1 FROM te_checkpoint_maps WHERE hash = ?1) OR EXISTS (SELECT 1 FROM te_ws_persist_files WHERE hash = ?1)
            OR EXISTS (SELECT 1 FROM te_skill_files WHERE hash = ?1) OR EXISTS (SELECT 1 FROM te_skill_preview_files WHERE hash = ?1) AS used`,
          hash,
        )
        .one().used;
      if (Number(referenced) === 1) continue;
      this.sql.exec("DELETE FROM te_blob_chunks WHERE hash = ?", hash);
      removed += this.sql.exec("DELETE FROM te_blobs WHERE hash = ?", hash).rowsWritten;
    }
    return removed;
  }

  /** Deletes every blob nothing refers to (a scan of every reference table; skills use it). */
  private sweepAll(): number {
    const orphan = `SELECT hash FROM te_blobs WHERE hash NOT IN (SELECT hash FROM te_ws_files) AND hash NOT IN (SELECT hash FROM te_checkpoint_entries)
      AND hash NOT IN (SELECT hash FROM te_checkpoint_maps) AND hash NOT IN (SELECT hash FROM te_ws_persist_files)
      AND hash NOT IN (SELECT hash FROM te_skill_files) AND hash NOT IN (SELECT hash FROM te_skill_preview_files)`;
    this.sql.exec(`DELETE FROM te_blob_chunks WHERE hash IN (${orphan})`);
    return this.sql.exec(`DELETE FROM te_blobs WHERE hash IN (${orphan})`).rowsWritten;
  }
}
