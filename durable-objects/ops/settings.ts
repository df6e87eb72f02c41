/** User settings operations (docs/spec/chats.md "Personas"). */
import type { SettingsPatch } from "../../src/contracts/settings";
import { getSettings, updateSettings } from "../../src/application/settings/user-settings";
import { userSettingsDeps } from "../../src/composition/settings";
import { defineOps } from "./registry";

export const settingsOps = defineOps({
  "settings.get": (space, _input: object) => getSettings(userSettingsDeps(space)),
  "settings.update": (space, input: SettingsPatch) => updateSettings(userSettingsDeps(space), input),
});
