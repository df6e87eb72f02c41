/**
 * SkillImportService with in-memory storage and a fixed clock (docs/spec/skills.md "Import"):
 * previews expire after one hour (job and install both refuse them), inline files follow the
 * path rules, the preview job is scheduled and cancelled.
 */
import { describe, expect, it } from "vitest";
import { skillArchiveCodec } from "../../../src/adapters/skills/archive-codec";
import { PREVIEW_EXPIRY_JOB, type SkillDeps } from "../../../src/application/skills/deps";
import { SkillImportService } from "../../../src/application/skills/import";
import { AppError } from "../../../src/domain/errors";
import { MemorySkills } from "../../fakes/memory-skills";
import { skillMd } from "../../fixtures/skill-zips";

function service() {
  const repo = new MemorySkills();
  const clock = { t: 1_000_000, now: () => clock.t };
  const jobs = new Map<string, number>();
  let swept = 0;
  const deps: SkillDeps = {
    repo,
    blobs: repo,
    codec: skillArchiveCodec,
    clock,
    sockets: { broadcast: () => undefined, publish: () => undefined, closeDevice: () => undefined },
    scheduler: {
      schedule: (kind, ref, dueAt) => void jobs.set(`${kind}/${ref}`, dueAt),
      scheduleBy: (kind, ref, dueAt) =>
        void jobs.set(`${kind}/${ref}`, Math.min(dueAt, jobs.get(`${kind}/${ref}`) ?? dueAt)),
      cancel: (kind, ref) => void jobs.delete(`${kind}/${ref}`),
      dueAt: (kind, ref) => jobs.get(`${kind}/${ref}`) ?? null,
    },
    sweepBlobs: () => {
      swept += 1;
    },
  };
  return { imports: new SkillImportService(deps), repo, clock, jobs, swept: () => swept };
}

const manifest = (text: string) => ({ kind: "manifest" as const, text });

describe("skill import previews", () => {
  it("a preview lives one hour: the expiry job drops it and install then says skill.preview_not_found", async () => {
    const { imports, clock, jobs, swept } = service();
    const preview = await imports.preview(manifest(skillMd("timer", "Times out")));
    expect(jobs.get(`${PREVIEW_EXPIRY_JOB}/${preview.previewId}`)).toBe(clock.t + 3_600_000);
    clock.t += 3_600_000 - 1;
    expect(imports.expirePreviews()).toBe(0);
    clock.t += 1;
    expect(imports.expirePreviews()).toBe(1);
    expect(swept()).toBe(1);
    expect(() => imports.install(preview.previewId)).toThrowError(
      expect.objectContaining({ code: "skill.preview_not_found" }),
    );
  });

  it("install cancels the expiry job; an expired preview is refused even before the job ran", async () => {
    const { imports, clock, jobs } = service();
    const kept = await imports.preview(manifest(skillMd("kept", "Kept")));
    expect(imports.install(kept.previewId).action).toBe("installed");
    expect(jobs.has(`${PREVIEW_EXPIRY_JOB}/${kept.previewId}`)).toBe(false);
    const late = await imports.preview(manifest(skillMd("late", "Late")));
    clock.t += 3_600_001;
    let error: unknown;
    try {
      imports.install(late.previewId);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("skill.preview_not_found");
  });

  it("inline files: duplicate paths, base64 content, frontmatter and sidecar checks", async () => {
    const { imports } = service();
    const files = (extra: Array<{ path: string; content: string; encoding?: "base64" }>) => ({
      kind: "files" as const,
      files: [{ path: "SKILL.md", content: skillMd("inline", "Inline") }, ...extra],
    });
    await expect(
      imports.preview(
        files([
          { path: "./references/a.md", content: "a" },
          { path: "references/a.md", content: "b" },
        ]),
      ),
    ).rejects.toMatchObject({ code: "skill.path_duplicate" });
    const binary = await imports.preview(files([{ path: "assets/x.bin", content: "AAEC", encoding: "base64" }]));
    expect(binary.files.find((f) => f.path === "assets/x.bin")).toMatchObject({ kind: "binary", sizeBytes: 3 });
    await expect(
      imports.preview(files([{ path: "agents/tauritavern.json", content: '{"version":1,"extra":true}' }])),
    ).rejects.toMatchObject({ code: "skill.sidecar_invalid" });
    await expect(imports.preview(manifest("no frontmatter"))).rejects.toMatchObject({
      code: "skill.frontmatter_invalid",
    });
    await expect(imports.preview(manifest("---\nname: ok\n---\nbody"))).rejects.toMatchObject({
      code: "skill.description_missing",
    });
    await expect(imports.preview(manifest(skillMd("x", "y")), "team:x")).rejects.toMatchObject({
      code: "skill.scope_invalid",
    });
  });
});
