/**
 * Reads a profile file the user picked for import: UTF-8 JSON holding one profile document (v1,
 * v2 or v3), or `{profile: …}` as the import body. Throws ApiError `client.json_invalid` (status
 * 0, never sent by the server) when the file is not a JSON object; everything else is judged by
 * the server's import.
 */
import { i18n } from "../i18n/i18n";
import { ApiError } from "../api/client";

/** Largest file read in the browser (the server's own document cap is 256 KiB). */
export const MAX_PROFILE_FILE_BYTES = 1024 * 1024;

export async function readProfileFile(file: File): Promise<unknown> {
  if (file.size > MAX_PROFILE_FILE_BYTES) {
    throw new ApiError(
      0,
      "agent.profile_too_large",
      i18n.t("profiles.import.tooLarge", { file: file.name, size: Math.ceil(file.size / 1024) }),
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch (error) {
    throw new ApiError(
      0,
      "client.json_invalid",
      i18n.t("profiles.import.notJson", { file: file.name, reason: (error as Error).message }),
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(0, "client.json_invalid", i18n.t("profiles.import.notObject", { file: file.name }));
  }
  const body = parsed as Record<string, unknown>;
  const wrapped = body.profile;
  return !("schemaVersion" in body) && typeof wrapped === "object" && wrapped !== null ? wrapped : body;
}
