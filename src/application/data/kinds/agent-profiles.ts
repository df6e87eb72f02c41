/**
 * Archive kind `profiles` (docs/spec/data-portability.md §1): `profiles/<id>/profile.json` is the
 * stored Agent Profile row (the document text as saved, its times). The built-in default-writer is
 * never stored, so never exported. Restore writes the row as it was; the profile is checked when
 * used, as any stored profile (docs/spec/profiles.md).
 *
 * Errors of an item: `data.item_invalid`.
 */
import { AppError } from "../../../domain/errors";
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
    async importItem(item) {
      const row = item.json<StoredProfileRow>("profile.json");
      if (row?.id !== item.id || typeof row.document !== "string" || !Number.isFinite(row.createdAt))
        throw new AppError("data.item_invalid", `The profile ${item.id} is incomplete.`);
      try {
        JSON.parse(row.document);
      } catch {
        throw new AppError("data.item_invalid", `The profile ${item.id} is not JSON.`);
      }
      repo.restore({ id: row.id, document: row.document, createdAt: row.createdAt, updatedAt: row.updatedAt });
      sockets.broadcast({ type: "agent.profile_changed", profileId: row.id });
    },
  };
}
