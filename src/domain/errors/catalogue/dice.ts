/** `dice.*` error codes (docs/spec/tool-system.md §2.4): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const DICE_CODES = {
  "dice.invalid_formula": {
    status: 400,
    message: "This is not a dice formula (…); use XdY, dY, XdY+Z, XdY-Z or a number N.",
  },
} as const satisfies Record<`dice.${string}`, CatalogueEntry>;
