/** `device.*` error codes (docs/spec/hosted.md §2): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const DEVICE_CODES = {
  "device.not_found": { status: 404, message: "No device with this id." },
  "device.revoked": { status: 409, message: "This device was revoked; it can no longer be renamed." },
} as const satisfies Record<`device.${string}`, CatalogueEntry>;
