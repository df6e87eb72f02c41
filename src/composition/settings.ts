/** Composition: user settings of one user's space (docs/spec/chats.md "Personas"). */
import { SqlUserSettingsStore } from "../adapters/storage/user-settings-store";
import type { UserSettingsDeps } from "../application/settings/user-settings";
import type { Space } from "../ports/space";

export function userSettingsDeps(space: Space): UserSettingsDeps {
  return space.memo("settings", () => ({ store: new SqlUserSettingsStore(space.sql), sockets: space.sockets }));
}
