/** `input.*` error codes (docs/spec/hosted.md §6): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const INPUT_CODES = {
  "input.invalid": { status: 400, message: "A device name must be 1 to 80 characters." },
  "input.invalid_text": {
    status: 400,
    message: "The text contains a lone UTF-16 surrogate or a NUL character, which cannot be stored.",
  },
} as const satisfies Record<`input.${string}`, CatalogueEntry>;
