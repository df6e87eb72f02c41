/** `worldinfo.*` error codes (docs/spec/tool-system.md §2.3): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const WORLDINFO_CODES = {
  "worldinfo.activation_unavailable": {
    status: 400,
    message: "This run has no activated world info (the prompt snapshot carried none).",
  },
  "worldinfo.entry_not_found": {
    status: 404,
    message: "No activated world info entry has ref …; list them without arguments first.",
  },
  "worldinfo.invalid_entry_range": { status: 400, message: "Start_char … is past the end of … (… chars)." },
  "worldinfo.read_too_large": { status: 413, message: "Read at most … entries per call." },
} as const satisfies Record<`worldinfo.${string}`, CatalogueEntry>;
