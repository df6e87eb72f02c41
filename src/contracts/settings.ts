/**
 * User settings on the wire (docs/api.md "Settings"; docs/spec/chats.md "Personas"):
 * `GET /api/v1/settings` → `SettingsView`; `PATCH /api/v1/settings` takes `settingsPatchSchema`
 * (a field left out is unchanged; `persona: null` clears it).
 */
import { z } from "zod";
import { chatPersonaSchema } from "./chats";

/** `GET/PATCH /settings` answer and the `settings.changed` frame's `settings`. */
export const settingsViewSchema = z.strictObject({ persona: chatPersonaSchema.nullable() });
export type SettingsView = z.infer<typeof settingsViewSchema>;

/** `PATCH /settings` body. */
export const settingsPatchSchema = z.object({ persona: chatPersonaSchema.nullable().optional() }).strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
