/** Addresses of the Profiles screen: `/profiles` (list) and `/profiles/<id>` (one profile). */

/** The page address of a profile. */
export const profilePath = (id: string) => `/profiles/${encodeURIComponent(id)}`;

/** The profile id of a `/profiles/<id>` path, or null for the list (or a malformed address). */
export function profileIdOfPath(path: string): string | null {
  const match = /^\/profiles\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
