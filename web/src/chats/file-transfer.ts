/**
 * SillyTavern JSONL import and export (docs/api.md "Chats"), outside the JSON ApiClient:
 * - import: the File itself is the request body (the browser streams it from disk; never read
 *   into a string here), `Content-Type: application/x-ndjson`, `POST /api/v1/chats/import` → 201 chat.
 *   Errors: `chat.import_invalid_line` (details.line), `chat.import_too_large`, `chat.import_empty`, …
 * - export: `GET /api/v1/chats/:id/export` saved through a download link named after the server's
 *   Content-Disposition file name.
 * Both go through api/raw-request.ts `send` (progress bar, sign-out on a revoked token).
 */
import { dispositionFileName, send } from "../api/raw-request";
import { saveBlob } from "../components/save-file";
import type { Services } from "../state/services";
import type { Chat, ImportedChat } from "./types";

/** Uploads a SillyTavern .jsonl file as a new chat (linked to its library character when one matches). */
export async function importChatFile(services: Services, file: File): Promise<ImportedChat> {
  const response = await send(services, "/chats/import", {
    method: "POST",
    body: file,
    headers: { "content-type": "application/x-ndjson" },
  });
  return (await response.json()) as ImportedChat;
}

/** Downloads a chat as SillyTavern JSONL. */
export async function exportChatFile(services: Services, chat: Pick<Chat, "id" | "title">): Promise<void> {
  const response = await send(services, `/chats/${encodeURIComponent(chat.id)}/export`, { method: "GET" });
  saveBlob(
    await response.blob(),
    dispositionFileName(response.headers.get("content-disposition"), `${chat.title}.jsonl`),
  );
}
