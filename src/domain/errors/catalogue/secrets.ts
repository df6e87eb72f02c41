/** `secrets.*` error codes (docs/spec/hosted.md §4): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const SECRETS_CODES = {
  "secrets.key_mismatch": {
    status: 409,
    message:
      "A stored secret was encrypted with a different DATA_KEY and cannot be read. Restore the original DATA_KEY or enter the secret again.",
  },
  "secrets.key_unavailable": {
    status: 503,
    message:
      "This server has no usable DATA_KEY secret, so it cannot store or read secrets. Set one with `wrangler secret put DATA_KEY` (32 random bytes, base64).",
  },
} as const satisfies Record<`secrets.${string}`, CatalogueEntry>;
