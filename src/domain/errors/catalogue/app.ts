/** `app.*` error codes (docs/spec/hosted.md §6): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const APP_CODES = {
  "app.internal_error": { status: 500, message: "User id mismatch." },
} as const satisfies Record<`app.${string}`, CatalogueEntry>;
