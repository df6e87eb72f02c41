/**
 * Content-addressed text blobs in SQLite (schema v7): sha256 of the UTF-8 bytes → rows of
 * ≤ 1 MiB chunks (docs/spec/hosted.md §5: rows ≤ 2 MB). Writing the same content twice stores it
 * once. Blobs are shared by run files, checkpoints and persistent states of every run of the user,
 * and by installed skills and staged skill previews (bytes; docs/spec/skills.md "Storage").
 */
import { sha256Hex } from "../../domain/ids";
import type { SkillBlobs } from "../../ports/skill-repository";
import type { BlobStore } from "../../ports/workspace-store";

/** Bytes per chunk row. */
export const BLOB_CHUNK_BYTES = 1024 * 1024;

export class SqlBlobStore implements BlobStore, SkillBlobs {
  constructor(
    private readonly sql: SqlStorage,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async put(text: string): Promise<{ sha256: string; bytes: number }> {
    return this.putBytes(new TextEncoder().encode(text));
  }

  /** Stores raw bytes (if new); sha256 of the bytes. */
  async putBytes(data: Uint8Array): Promise<{ sha256: string; bytes: number }> {
    const sha256 = await sha256Hex(data as Uint8Array<ArrayBuffer>);
    // Synchronous from here: check-and-insert cannot interleave with another request.
    if (this.sql.exec("SELECT 1 FROM te_blobs WHERE hash = ?", sha256).toArray().length === 0) {
      const chunks = Math.max(1, Math.ceil(data.byteLength / BLOB_CHUNK_BYTES));
      for (let i = 0; i < chunks; i += 1) {
        const part = data.slice(i * BLOB_CHUNK_BYTES, (i + 1) * BLOB_CHUNK_BYTES);
        this.sql.exec("INSERT OR REPLACE INTO te_blob_chunks(hash, idx, data) VALUES(?, ?, ?)", sha256, i, part.buffer);
      }
      this.sql.exec(
        "INSERT INTO te_blobs(hash, bytes, chunks, created_at) VALUES(?, ?, ?, ?)",
        sha256,
        data.byteLength,
        chunks,
        this.now(),
      );
    }
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
   * Deletes blobs no run file, checkpoint, persistent state, installed skill or staged skill
   * preview refers to (after runs were deleted).
   * @returns the number of blobs removed.
   */
  sweep(): number {
    const orphan = `SELECT hash FROM te_blobs WHERE hash NOT IN (SELECT hash FROM te_ws_files) AND hash NOT IN (SELECT hash FROM te_checkpoint_entries)
      AND hash NOT IN (SELECT hash FROM te_checkpoint_maps) AND hash NOT IN (SELECT hash FROM te_ws_persist_files)
      AND hash NOT IN (SELECT hash FROM te_skill_files) AND hash NOT IN (SELECT hash FROM te_skill_preview_files)`;
    this.sql.exec(`DELETE FROM te_blob_chunks WHERE hash IN (${orphan})`);
    return this.sql.exec(`DELETE FROM te_blobs WHERE hash IN (${orphan})`).rowsWritten;
  }
}
