/**
 * Profile ids (docs/spec/profiles.md `id`): trimmed, 1..128 chars of lowercase ASCII letters, digits,
 * `-` and `_`. Codes `agent.profile_id_empty`, `agent.profile_id_too_long`, `agent.profile_id_invalid`.
 */
import { profileError } from "./codes";
import { PROFILE_LIMITS } from "./definition";

const ID_CHARS = /^[a-z0-9_-]+$/;

/** The trimmed id, or throws one of the three id codes (`path` names the field). */
export function normalizeProfileId(raw: string, path = "$.id"): string {
  const id = raw.trim();
  if (id.length === 0) throw profileError("agent.profile_id_empty", "The profile id must not be empty.", path);
  if (id.length > PROFILE_LIMITS.idChars)
    throw profileError(
      "agent.profile_id_too_long",
      `The profile id is longer than ${PROFILE_LIMITS.idChars} characters.`,
      path,
    );
  if (!ID_CHARS.test(id))
    throw profileError(
      "agent.profile_id_invalid",
      `Profile id "${id}" may only contain lowercase letters a-z, digits, "-" and "_".`,
      path,
    );
  return id;
}

/** True when `raw` is already a valid, trimmed profile id. */
export function isProfileId(raw: string): boolean {
  try {
    return normalizeProfileId(raw) === raw;
  } catch {
    return false;
  }
}
