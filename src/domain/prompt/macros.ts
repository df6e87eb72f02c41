/**
 * SillyTavern's name macros (docs/spec/characters.md §4.1): `{{user}}` and `<USER>` become the
 * persona's name, `{{char}}`, `<BOT>` and `<CHAR>` the character's, case-insensitively, as
 * SillyTavern substitutes them in greetings and in the character's prompt fields. Other macros
 * (`{{random}}`, `{{time}}`, …) are left as written.
 */

/** The name SillyTavern gives the user when no persona is set. */
export const DEFAULT_USER_NAME = "User";

/** The names the macros stand for; a missing `char` leaves `{{char}}`/`<BOT>`/`<CHAR>` as written. */
export interface MacroNames {
  user: string;
  char?: string;
}

const NAME_MACRO = /\{\{\s*(user|char)\s*\}\}|<(user|bot|char)>/gi;

/** `text` with the name macros replaced; `$` in a name is taken literally. */
export function substituteNames(text: string, names: MacroNames): string {
  return text.replace(NAME_MACRO, (whole, braced: string | undefined, tag: string | undefined) => {
    const which = (braced ?? tag ?? "").toLowerCase();
    if (which === "user") return names.user;
    return names.char ?? whole;
  });
}
