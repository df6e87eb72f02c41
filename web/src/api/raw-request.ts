/**
 * Raw (non-JSON) /api/v1 requests outside the JSON ApiClient, for uploads whose body is the File
 * itself (the browser streams it from disk) and for downloads: chat import/export
 * (chats/file-transfer.ts), skill packages (skills/skills-api.ts), character cards
 * (characters/characters-api.ts) and World Info books (worldinfo/worldinfo-api.ts). They count in the shell's
 * progress bar and sign the browser out on a revoked token, like ApiClient calls.
 */
import { errorSentence } from "../i18n/errors";
import { i18n } from "../i18n/i18n";
import { trackFetch } from "../state/inflight";
import type { Services } from "../state/services";
import { ApiError, errorFromResponse, SIGNED_OUT_CODES } from "./client";

/** A raw (non-JSON) /api/v1 request with the session token; errors as ApiError (sign-out on a revoked token). */
export async function send(services: Services, path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await trackFetch(`/api/v1${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${services.session.deviceToken}` },
    });
  } catch {
    throw new ApiError(0, "client.network_unreachable", errorSentence("client.network_unreachable"));
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (SIGNED_OUT_CODES.has(error.code)) services.signOut(i18n.t("chats.signedOut"));
    throw error;
  }
  return response;
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first), or `fallback`. */
export function dispositionFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header);
  return plain?.[1] || fallback;
}
