/** `admin.*` error codes: the operator's routes (docs/spec/data-portability.md §6). */
import type { CatalogueEntry } from "./entry";

export const ADMIN_CODES = {
  "admin.confirm_mismatch": {
    status: 400,
    message: 'Deleting a user needs {"confirm": "<userId>"} with the same user id as the path.',
  },
  "admin.delete_incomplete": { status: 500, message: "The user's data could not be verified as deleted; try again." },
} as const satisfies Record<`admin.${string}`, CatalogueEntry>;
