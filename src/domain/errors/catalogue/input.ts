/** `input.*` error codes (docs/spec/hosted.md §6): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const INPUT_CODES = {
  "input.invalid": { status: 400, message: "A device name must be 1 to 80 characters." },
} as const satisfies Record<`input.${string}`, CatalogueEntry>;
