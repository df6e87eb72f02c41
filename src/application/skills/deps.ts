/** What the skills services are built from (src/composition/skills.ts). */
import type { SkillArchiveCodec, SkillBlobs, SkillRepository } from "../../ports/skill-repository";
import type { Clock, Scheduler, SocketHub } from "../../ports/space";

/** Scheduler job that drops expired import previews (ref = the preview id). */
export const PREVIEW_EXPIRY_JOB = "skills.preview_expire";

export interface SkillDeps {
  repo: SkillRepository;
  blobs: SkillBlobs;
  codec: SkillArchiveCodec;
  clock: Clock;
  sockets: SocketHub;
  scheduler: Scheduler;
  /** Deletes blobs nothing refers to any more (after previews expired). */
  sweepBlobs(): void;
}

/** The frame every device gets after a skill was installed, replaced, moved or deleted. */
export function broadcastSkillChanged(
  deps: SkillDeps,
  change: { scope: string; name: string; action: "installed" | "replaced" | "deleted" | "moved"; to?: string },
): void {
  deps.sockets.broadcast({ type: "skill.changed", ...change });
}
