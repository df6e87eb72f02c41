/**
 * User-wide settings (docs/spec/chats.md "Personas"): the user's persona, used by every chat that
 * has none of its own. `GET /settings` reads them; `PATCH /settings` changes the fields it names
 * and broadcasts `settings.changed {settings}` to every device.
 */
import type { Persona } from "../../domain/chats/types";
import type { SettingsPatch, SettingsView } from "../../contracts/settings";
import type { SocketHub } from "../../ports/space";
import type { UserSettingsStore } from "../../ports/user-settings";

export interface UserSettingsDeps {
  store: UserSettingsStore;
  sockets: SocketHub;
}

const PERSONA_KEY = "persona";

/** The user's persona, or null when none is set. */
export function userPersona(store: UserSettingsStore): Persona | null {
  const value = store.read(PERSONA_KEY) as Persona | null;
  return value && typeof value.name === "string" && value.name.trim() ? value : null;
}

/** `GET /settings`. */
export function getSettings(deps: UserSettingsDeps): SettingsView {
  return { persona: userPersona(deps.store) };
}

/** `PATCH /settings`: applies the named fields, broadcasts `settings.changed`, returns the new view. */
export function updateSettings(deps: UserSettingsDeps, patch: SettingsPatch): SettingsView {
  if (patch.persona !== undefined) {
    const persona = patch.persona;
    deps.store.write(
      PERSONA_KEY,
      persona
        ? { name: persona.name, ...(persona.description?.trim() ? { description: persona.description } : {}) }
        : null,
    );
  }
  const settings = getSettings(deps);
  deps.sockets.broadcast({ type: "settings.changed", settings });
  return settings;
}
