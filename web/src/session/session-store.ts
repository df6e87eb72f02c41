/**
 * The signed-in device, kept in localStorage under `tavernedge.session.v1` as
 * `{userId, deviceId, deviceToken}`. The token is never put in a URL, a log or the page text.
 */
export interface Session {
  userId: string;
  deviceId: string;
  /** `tte_<userId>_<secret>`. */
  deviceToken: string;
}

export const SESSION_KEY = "tavernedge.session.v1";

/** Shape-checks a device token `tte_<32 hex userId>_<secret>`; returns its user id or null. */
export function userIdOfToken(token: string): string | null {
  const match = /^tte_([0-9a-f]{32})_([A-Za-z0-9_-]{16,})$/.exec(token.trim());
  return match ? match[1]! : null;
}

export function loadSession(storage: Storage = localStorage): Session | null {
  try {
    const raw = storage.getItem(SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Session>;
    if (typeof value.userId !== "string" || typeof value.deviceId !== "string" || typeof value.deviceToken !== "string")
      return null;
    return { userId: value.userId, deviceId: value.deviceId, deviceToken: value.deviceToken };
  } catch {
    return null;
  }
}

export function saveSession(session: Session, storage: Storage = localStorage): void {
  storage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearSession(storage: Storage = localStorage): void {
  storage.removeItem(SESSION_KEY);
}
