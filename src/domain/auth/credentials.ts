/**
 * Credential formats (docs/spec/hosted.md §2, §3).
 * - device token `tte_<userId>_<secret>`; pairing code and socket ticket `<userId>.<secret>`;
 * - userId: 32 lower-case hex chars; secret: base64url of ≥ 16 random bytes.
 * Parsing only splits and shape-checks; verification happens in the user's Durable Object.
 */

/** Pairing code lifetime: 10 minutes, single use. */
export const PAIRING_CODE_TTL_MS = 10 * 60 * 1000;
/** WebSocket ticket lifetime: 60 s, single use. */
export const WS_TICKET_TTL_MS = 60 * 1000;
/** Failed credential attempts allowed per user per window before `auth.rate_limited`. */
export const AUTH_FAILURE_LIMIT = 10;
/** Rate-limit window, ms. */
export const AUTH_FAILURE_WINDOW_MS = 60 * 1000;

const USER_ID = /^[0-9a-f]{32}$/;
const SECRET = /^[A-Za-z0-9_-]{22,128}$/;

/** Device token parts, or null when the text is not shaped like one. */
export function parseDeviceToken(token: string): { userId: string; secret: string } | null {
  if (!token.startsWith("tte_")) return null;
  const rest = token.slice(4);
  const cut = rest.indexOf("_");
  if (cut < 0) return null;
  const userId = rest.slice(0, cut);
  const secret = rest.slice(cut + 1);
  return USER_ID.test(userId) && SECRET.test(secret) ? { userId, secret } : null;
}

/** Formats a device token. */
export function formatDeviceToken(userId: string, secret: string): string {
  return `tte_${userId}_${secret}`;
}

/** Pairing code / socket ticket parts (`<userId>.<secret>`), or null when malformed. */
export function parseRoutedSecret(value: string): { userId: string; secret: string } | null {
  const cut = value.indexOf(".");
  if (cut < 0) return null;
  const userId = value.slice(0, cut);
  const secret = value.slice(cut + 1);
  return USER_ID.test(userId) && SECRET.test(secret) ? { userId, secret } : null;
}

/** True for a syntactically valid user id. */
export function isUserId(value: string): boolean {
  return USER_ID.test(value);
}
