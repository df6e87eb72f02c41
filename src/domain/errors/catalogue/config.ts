/** `config.*` error codes (docs/operations.md): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const CONFIG_CODES = {
  "config.timeout_overrides_refused": { status: 400, message: "TIMEOUT_OVERRIDES is ignored when deployed." },
} as const satisfies Record<`config.${string}`, CatalogueEntry>;
