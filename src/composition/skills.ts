/**
 * Composition: skills of one user's space (docs/spec/skills.md).
 * - `skillStorage(space)`: the SQLite store and the shared blob store (the workspace's
 *   SqlBlobStore: one content-addressed store for run files and skill files).
 * - `skillImports(space)` / `skillLibrary(space)`: the import and library services.
 */
import { skillArchiveCodec } from "../adapters/skills/archive-codec";
import type { SqlBlobStore } from "../adapters/storage/blob-store";
import { SqlSkillStore } from "../adapters/storage/skill-store";
import type { SkillDeps } from "../application/skills/deps";
import { SkillImportService } from "../application/skills/import";
import { SkillLibrary } from "../application/skills/library";
import type { SkillBlobs, SkillRepository } from "../ports/skill-repository";
import type { Space } from "../ports/space";
import { workspaceDeps } from "./workspace";

export function skillStorage(space: Space): { repo: SkillRepository; blobs: SkillBlobs } {
  return space.memo("skills.storage", () => ({
    repo: new SqlSkillStore(space.storage),
    blobs: workspaceDeps(space).blobs as SqlBlobStore,
  }));
}

function skillDeps(space: Space): SkillDeps {
  return space.memo("skills.deps", () => ({
    ...skillStorage(space),
    codec: skillArchiveCodec,
    clock: space.clock,
    sockets: space.sockets,
    scheduler: space.scheduler,
    sweepBlobs: () => (workspaceDeps(space).blobs as SqlBlobStore).sweep(),
  }));
}

export function skillImports(space: Space): SkillImportService {
  return space.memo("skills.import", () => new SkillImportService(skillDeps(space)));
}

export function skillLibrary(space: Space): SkillLibrary {
  return space.memo("skills.library", () => new SkillLibrary(skillDeps(space)));
}
