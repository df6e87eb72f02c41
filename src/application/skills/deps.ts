/** What the skills services are built from (src/composition/skills.ts). */
import type { SkillArchiveCodec, SkillBlobs, SkillRepository } from "../../ports/skill-repository";
import type { Clock, SocketHub } from "../../ports/space";

export interface SkillDeps {
  repo: SkillRepository;
  blobs: SkillBlobs;
  codec: SkillArchiveCodec;
  clock: Clock;
  sockets: SocketHub;
}

/** The frame every device gets after a skill was installed, replaced, moved or deleted. */
export function broadcastSkillChanged(
  deps: SkillDeps,
  change: { scope: string; name: string; action: "installed" | "replaced" | "deleted" | "moved"; to?: string },
): void {
  deps.sockets.broadcast({ type: "skill.changed", ...change });
}
