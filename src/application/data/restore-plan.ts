/**
 * The id map of a merge (docs/spec/data-portability.md §3 "Merge", docs/decisions/2750), fixed
 * when the restore starts, before any item is imported, so a reference is rewritten the same way
 * whichever item is imported first (a World Info book names a chat restored after it).
 *
 * Per item, in manifest order: an id an earlier kind already fixed (a chat's workspace) is kept;
 * a kind that derives its id from others (a skill scoped to a remapped character) derives it;
 * otherwise an id taken here gets a fresh one from its kind (`ArchiveKind.newId`). A kind without
 * `newId` keeps the id, and a colliding item is skipped at import. A remapped chat remaps its
 * workspace (`workspaceIdFor(kind, chatId)`, both chat kinds, since the id is a hash of the chat id).
 */
import { workspaceIdFor } from "../../domain/agent/run-ids";
import { IdRemap, type IdMapJson } from "../../domain/data/id-remap";
import type { ArchiveKind } from "./kind";

/** The ids an archive's items take here when merged. */
export async function planMerge(
  kinds: readonly ArchiveKind[],
  units: ReadonlyArray<{ kind: string; itemId: string }>,
): Promise<IdMapJson> {
  const map: IdMapJson = {};
  const claimed = new Map<string, Set<string>>();
  const set = (kind: string, from: string, to: string) => {
    (map[kind] ??= {})[from] = to;
    let ids = claimed.get(kind);
    if (!ids) claimed.set(kind, (ids = new Set()));
    ids.add(to);
  };
  const archived = new Map<string, Set<string>>();
  for (const unit of units) {
    let ids = archived.get(unit.kind);
    if (!ids) archived.set(unit.kind, (ids = new Set()));
    ids.add(unit.itemId);
  }
  for (const unit of units) {
    const kind = kinds.find((k) => k.name === unit.kind);
    if (!kind || map[unit.kind]?.[unit.itemId] !== undefined) continue;
    if (kind.derivedId) {
      const derived = kind.derivedId(unit.itemId, new IdRemap(map));
      if (derived !== unit.itemId) set(unit.kind, unit.itemId, derived);
    } else if (kind.newId && kind.exists(unit.itemId)) {
      const taken = (candidate: string) =>
        kind.exists(candidate) ||
        claimed.get(unit.kind)?.has(candidate) === true ||
        archived.get(unit.kind)?.has(candidate) === true;
      set(unit.kind, unit.itemId, kind.newId(unit.itemId, taken));
    }
    if (unit.kind === "chats" && map.chats?.[unit.itemId] !== undefined) {
      const to = map.chats[unit.itemId]!;
      for (const chatKind of ["character", "group"] as const)
        set("workspaces", await workspaceIdFor(chatKind, unit.itemId), await workspaceIdFor(chatKind, to));
    }
  }
  return map;
}
