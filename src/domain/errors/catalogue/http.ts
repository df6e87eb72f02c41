/** `http.*` error codes (docs/spec/hosted.md §6): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const HTTP_CODES = {
  "http.body_incomplete": {
    status: 400,
    message: "The request body ended before it was complete (the upload was interrupted).",
  },
  "http.body_too_large": { status: 413, message: "The request body is larger than … bytes." },
  "http.invalid_utf8": {
    status: 400,
    message: "The request body is not valid UTF-8 text; send JSON encoded as UTF-8.",
  },
  "http.invalid_json": { status: 400, message: "The request body is not valid JSON." },
  "http.method_not_allowed": { status: 405, message: "This method is not allowed on this route." },
  "http.route_not_found": { status: 404, message: "This development route is not available on a deployed server." },
  "http.unsupported_media_type": {
    status: 415,
    message: "Send the request body as JSON with Content-Type: application/json.",
  },
  "http.upgrade_required": { status: 426, message: "Open this endpoint as a WebSocket." },
} as const satisfies Record<`http.${string}`, CatalogueEntry>;
