/** An in-memory SkillRepository + blobs for unit tests of the skill tools. */
import type { SkillFileRef } from "../../src/domain/skills/package";
import type { SkillIndexEntry, SkillRepository, StagedSkillPreview } from "../../src/ports/skill-repository";

export class MemorySkills implements SkillRepository {
  readonly entries: SkillIndexEntry[] = [];
  readonly fileMap = new Map<string, SkillFileRef[]>();
  readonly blobs = new Map<string, Uint8Array>();
  readonly reads = new Map<string, number>();

  /** Installs a skill whose files are text: path → content. */
  add(scope: string, name: string, files: Record<string, string>, description = `${name} in ${scope}`): void {
    const refs: SkillFileRef[] = Object.entries(files).map(([path, text]) => {
      const sha256 = `${scope}|${name}|${path}`;
      this.blobs.set(sha256, new TextEncoder().encode(text));
      return {
        path,
        sha256,
        sizeBytes: new TextEncoder().encode(text).byteLength,
        kind: "text",
        mediaType: "text/markdown",
      };
    });
    this.put(
      {
        scope,
        name,
        description,
        tags: [],
        installedHash: `hash-${scope}-${name}`,
        fileCount: refs.length,
        totalBytes: 0,
        hasScripts: false,
        hasBinary: false,
        installedAt: 0,
      },
      refs,
    );
  }

  readBytes(sha256: string): Uint8Array | null {
    return this.blobs.get(sha256) ?? null;
  }

  list(scope?: string): SkillIndexEntry[] {
    return this.entries.filter((e) => scope === undefined || e.scope === scope);
  }
  listIn(scopes: readonly string[]): SkillIndexEntry[] {
    return this.entries.filter((e) => scopes.includes(e.scope));
  }
  get(scope: string, name: string): SkillIndexEntry | null {
    return this.entries.find((e) => e.scope === scope && e.name === name) ?? null;
  }
  files(scope: string, name: string): SkillFileRef[] {
    return this.fileMap.get(`${scope}/${name}`) ?? [];
  }
  file(scope: string, name: string, path: string): SkillFileRef | null {
    return this.files(scope, name).find((f) => f.path === path) ?? null;
  }
  put(entry: SkillIndexEntry, files: readonly SkillFileRef[]): void {
    this.delete(entry.scope, entry.name);
    this.entries.push(entry);
    this.fileMap.set(`${entry.scope}/${entry.name}`, [...files]);
  }
  delete(scope: string, name: string): boolean {
    const at = this.entries.findIndex((e) => e.scope === scope && e.name === name);
    if (at >= 0) this.entries.splice(at, 1);
    return at >= 0;
  }
  readonly previews = new Map<string, StagedSkillPreview>();
  putPreview(preview: StagedSkillPreview): void {
    this.previews.set(preview.previewId, preview);
  }
  getPreview(previewId: string): StagedSkillPreview | null {
    return this.previews.get(previewId) ?? null;
  }
  deletePreview(previewId: string): void {
    this.previews.delete(previewId);
  }
  deleteExpiredPreviews(now: number): number {
    let n = 0;
    for (const [id, p] of this.previews)
      if (p.expiresAt <= now) {
        this.previews.delete(id);
        n += 1;
      }
    return n;
  }
  /** Bytes store (sha256 = hex of content hash not needed: the key is the content). */
  async putBytes(data: Uint8Array): Promise<{ sha256: string; bytes: number }> {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>));
    const sha256 = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    this.blobs.set(sha256, data);
    return { sha256, bytes: data.byteLength };
  }
  runReadChars(runId: string): number {
    return this.reads.get(runId) ?? 0;
  }
  addRunReadChars(runId: string, chars: number): number {
    this.reads.set(runId, this.runReadChars(runId) + chars);
    return this.runReadChars(runId);
  }
}
