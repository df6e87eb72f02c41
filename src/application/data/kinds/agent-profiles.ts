/**
 * Archive kind `profiles` (docs/spec/data-portability.md §1): `profiles/<id>/profile.json` is the
 * stored Agent Profile row (the document text as saved, its times). The built-in default-writer is
 * never stored, so never exported. Restore writes the row as it was; the profile is checked when
 * used, as any stored profile (docs/spec/profiles.md). In a merge a taken id becomes `<id>-2`
 * (the first free suffix) and the document goes through the id map: its connection binding and
 * the ToolIds it names follow remapped connections and registrations (docs/decisions/2750).
 *
 * Errors of an item: `data.item_invalid`.
 */
import { AppError } from "../../../domain/errors";
import { PROFILE_LIMITS } from "../../../domain/profiles/definition";
import type { AgentProfileRepository, StoredProfileRow } from "../../../ports/agent-profile-repository";
import type { SocketHub } from "../../../ports/space";
import type { ArchiveKind } from "../kind";

export function agentProfilesKind(repo: AgentProfileRepository, sockets: SocketHub): ArchiveKind {
  return {
    name: "profiles",
    version: 1,
    list: () => repo.list().map((p) => p.id),
    async exportItem(id) {
      const row = repo.get(id);
      return row ? { files: { "profile.json": JSON.stringify(row) } } : null;
    },
    exists: (id) => repo.get(id) !== null,
    newId(id, taken) {
      const stem = id.slice(0, PROFILE_LIMITS.idChars - 8);
      for (let n = 2; ; n += 1) if (!taken(`${stem}-${n}`)) return `${stem}-${n}`;
    },
    async importItem(item, { remap, targetId }) {
      const row = item.json<StoredProfileRow>("profile.json");
      if (row?.id !== item.id || typeof row.document !== "string" || !Number.isFinite(row.createdAt))
        throw new AppError("data.item_invalid", `The profile ${item.id} is incomplete.`);
      let document: unknown;
      try {
        document = JSON.parse(row.document);
      } catch {
        throw new AppError("data.item_invalid", `The profile ${item.id} is not JSON.`);
      }
      let text = remap.text(row.document);
      if (targetId !== item.id && document !== null && typeof document === "object" && !Array.isArray(document))
        text = JSON.stringify({ ...(JSON.parse(text) as Record<string, unknown>), id: targetId });
      repo.restore({ id: targetId, document: text, createdAt: row.createdAt, updatedAt: row.updatedAt });
      sockets.broadcast({ type: "agent.profile_changed", profileId: targetId });
    },
  };
}
