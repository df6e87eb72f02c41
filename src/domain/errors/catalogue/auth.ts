/** `auth.*` error codes (docs/spec/hosted.md §2): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const AUTH_CODES = {
  "auth.pairing_code_expired": {
    status: 401,
    message: "This pairing code has expired. Create a new one on a signed-in device.",
  },
  "auth.pairing_code_invalid": {
    status: 401,
    message: "This pairing code is not valid or was already used. Create a new one on a signed-in device.",
  },
  "auth.rate_limited": { status: 429, message: "Too many failed attempts. Wait a minute and try again." },
  "auth.setup_unavailable": {
    status: 503,
    message: "This server has no SETUP_TOKEN secret configured; set one with `wrangler secret put SETUP_TOKEN`.",
  },
  "auth.ticket_invalid": { status: 401, message: "This socket ticket is not valid, expired or was already used." },
  "auth.token_invalid": { status: 401, message: "This device token is not valid." },
  "auth.token_missing": {
    status: 401,
    message: "Sign in first: this request needs an Authorization: Bearer <device token> header.",
  },
  "auth.token_revoked": { status: 401, message: "This device was signed out; pair it again." },
  "auth.user_not_found": { status: 404, message: "Sign-in: user not found." },
  "auth.user_disabled": {
    status: 403,
    message: "This account was disabled by the server's operator; its data is kept.",
  },
} as const satisfies Record<`auth.${string}`, CatalogueEntry>;
