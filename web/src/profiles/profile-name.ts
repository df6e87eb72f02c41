/**
 * How a profile is named on screen (docs/spec/i18n.md): the built-in `default-writer` (its stored
 * name and description are English) is named and described in the current language by its id;
 * every other profile shows the name and description its author wrote.
 */
import type { TFunction } from "i18next";
import { DEFAULT_WRITER_ID } from "./types";

/** Display name of profile `id`: the catalogue's for default-writer, else `displayName` or the id. */
export function profileName(t: TFunction, id: string, displayName?: string): string {
  if (id === DEFAULT_WRITER_ID) return t("profiles.builtIn.name");
  return displayName || id;
}

/** Description of profile `id`: the catalogue's for default-writer, else `description`. */
export function profileDescription(t: TFunction, id: string, description?: string): string | undefined {
  if (id === DEFAULT_WRITER_ID) return t("profiles.builtIn.description");
  return description;
}
