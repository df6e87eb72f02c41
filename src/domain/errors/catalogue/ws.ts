/** `ws.*` error codes (docs/spec/hosted.md §7): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const WS_CODES = {
  "ws.frame_invalid": { status: 400, message: "A frame must be a JSON object with a type." },
  "ws.frame_too_large": { status: 413, message: "Frames are limited to 16 KiB." },
  "ws.frame_unsupported": { status: 400, message: "This socket frame type is not supported." },
  "ws.too_many_subscriptions": {
    status: 400,
    message: "A socket can follow at most … runs at once; unsubscribe from one first.",
  },
} as const satisfies Record<`ws.${string}`, CatalogueEntry>;
