/**
 * SillyTavern JSONL import and export (docs/api.md "Chats"), outside the JSON ApiClient:
 * - import: the File itself is the request body (the browser streams it from disk; never read
 *   into a string here), `Content-Type: application/x-ndjson`, `POST /api/v1/chats/import` → 201 chat.
 *   Errors: `chat.import_invalid_line` (details.line), `chat.import_too_large`, `chat.import_empty`, …
 * - export: `GET /api/v1/chats/:id/export` saved through a download link named after the server's
 *   Content-Disposition file name.
 * Both count in the shell's progress bar and sign the browser out on a revoked token.
 */
import { ApiError, errorFromResponse, SIGNED_OUT_CODES } from "../api/client";
import { errorSentence } from "../i18n/errors";
import { i18n } from "../i18n/i18n";
import type { Services } from "../state/services";
import { trackFetch } from "../state/inflight";
import type { Chat } from "./types";

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

/** Uploads a SillyTavern .jsonl file as a new chat. */
export async function importChatFile(services: Services, file: File): Promise<Chat> {
  const response = await send(services, "/chats/import", {
    method: "POST",
    body: file,
    headers: { "content-type": "application/x-ndjson" },
  });
  return (await response.json()) as Chat;
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

/** Downloads a chat as SillyTavern JSONL. */
export async function exportChatFile(services: Services, chat: Pick<Chat, "id" | "title">): Promise<void> {
  const response = await send(services, `/chats/${encodeURIComponent(chat.id)}/export`, { method: "GET" });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = dispositionFileName(response.headers.get("content-disposition"), `${chat.title}.jsonl`);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
