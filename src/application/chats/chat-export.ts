/**
 * Export of a chat as SillyTavern JSONL (issue [chats] "Import and export"): a byte stream that
 * pulls the header, then pages of messages (≤ EXPORT_PAGE_ROWS rows, about ≤ 1 MiB of text each)
 * in chat order, so memory stays bounded. Pages are read at pull time: a message appended while
 * the export runs may or may not appear; nothing is duplicated or skipped within the file.
 *
 * Errors: chat.not_found (404), raised before the stream is returned.
 */
import { exportHeader, exportMessage } from "../../domain/chats/sillytavern";
import { requireChat, type ChatDeps } from "./chat-context";

/** Most messages per pulled page. */
export const EXPORT_PAGE_ROWS = 200;
/** Approximate text per pulled page, characters. */
export const EXPORT_PAGE_CHARS = 1024 * 1024;

/** A safe file name for the export of `title` (no path or quote characters). */
export function exportFileName(title: string): string {
  const base =
    title
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "_")
      .trim()
      .slice(0, 120) || "chat";
  return `${base}.jsonl`;
}

export function exportChat(deps: ChatDeps, chatId: string): { fileName: string; stream: ReadableStream<Uint8Array> } {
  const chat = requireChat(deps, chatId);
  const encoder = new TextEncoder();
  let afterSeq: number | null = null;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (afterSeq === null) {
        afterSeq = 0;
        controller.enqueue(encoder.encode(`${JSON.stringify(exportHeader(chat))}\n`));
        return;
      }
      const page = deps.repo.messages.page(chatId, afterSeq, EXPORT_PAGE_ROWS, EXPORT_PAGE_CHARS);
      if (page.length === 0) {
        controller.close();
        return;
      }
      afterSeq = page[page.length - 1]!.seq;
      controller.enqueue(encoder.encode(page.map((message) => `${JSON.stringify(exportMessage(message))}\n`).join("")));
    },
  });
  return { fileName: exportFileName(chat.title), stream };
}
