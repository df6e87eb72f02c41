/** `approval.*` error codes (docs/spec/approvals.md): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const APPROVAL_CODES = {
  "approval.not_found": { status: 404, message: "This approval does not exist (it may have been removed)." },
  "approval.already_resolved": {
    status: 409,
    message: "This tool call was already answered (approved, denied, expired or cancelled); the first answer counts.",
  },
  "approval.settings_invalid": { status: 400, message: "The approval timeout is out of range." },
} as const satisfies Record<string, CatalogueEntry>;
