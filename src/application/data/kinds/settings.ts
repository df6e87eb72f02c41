/**
 * Archive kind `settings` (docs/spec/data-portability.md §1): `settings/<id>/setting.json` is one
 * account-wide setting as stored: `worldinfo` (the global World Info settings: scan depth, budget,
 * recursion…, docs/spec/worldinfo.md) and `user.<key>` (user-wide settings; today `user.persona`,
 * docs/spec/chats.md "Personas"). A setting is a singleton, so it has no new id: in a merge an
 * account's own settings are kept (`data.item_exists`), `replace` overwrites them. A restored
 * setting is announced to every device (`changed`).
 *
 * Errors of an item: `data.item_invalid` (not JSON, not an object, or not a known setting).
 */
import { AppError } from "../../../domain/errors";
import type { SettingRowStore } from "../../../ports/data-archive";
import type { ArchiveKind } from "../kind";

export function settingsKind(rows: SettingRowStore, changed: (id: string) => void): ArchiveKind {
  return {
    name: "settings",
    version: 1,
    list: () => rows.ids(),
    async exportItem(id) {
      const json = rows.read(id);
      return json === null ? null : { files: { "setting.json": json } };
    },
    exists: (id) => rows.read(id) !== null,
    async importItem(item) {
      const text = item.text("setting.json");
      let value: unknown;
      try {
        value = text === null ? null : JSON.parse(text);
      } catch {
        value = null;
      }
      if (value === null || typeof value !== "object" || Array.isArray(value))
        throw new AppError("data.item_invalid", `The setting ${item.id} in the archive is not a JSON object.`);
      rows.write(item.id, text!);
      changed(item.id);
    },
  };
}
