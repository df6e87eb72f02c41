/**
 * Import of a SillyTavern chat JSONL file (issue [chats] "Import and export"; ADR 0400).
 *
 * The upload is read line by line from a byte stream (only the current line and a write batch of
 * about 1 MiB are in memory); messages are written in batches into staging (rows under a chat id
 * with no chat row yet). When the
 * last line is in, one transaction publishes the chat; on any error the staged rows are deleted,
 * so a malformed line reports its number and nothing is imported. Staging left by an evicted
 * upload is purged by the next import (older than STALE_IMPORT_MS).
 *
 * Errors: chat.import_invalid_line (400, details.line), chat.import_empty (400),
 * chat.import_too_large (413), chat.import_line_too_large (413, details.line),
 * chat.message_text_too_large / chat.message_extra_too_large (413, details.line),
 * chat.too_many_swipes (400, details.line), chat.title_invalid (400).
 */
import { AppError } from "../../domain/errors";
import { newChatId, newMessageId } from "../../domain/chats/ids";
import { MAX_IMPORT_BYTES, MAX_IMPORT_LINE_BYTES, normalizeTitle } from "../../domain/chats/limits";
import {
  chatFieldsFromHeader,
  isHeaderLine,
  personaFromHeader,
  parseJsonLine,
  parseMessageLine,
} from "../../domain/chats/sillytavern";
import {
  toChatView,
  type ChatRecord,
  type ChatView,
  type JsonObject,
  type MessageRecord,
} from "../../domain/chats/types";
import { broadcastChat, type ChatDeps } from "./chat-context";
import { readLines } from "./jsonl-lines";

/** Staging older than this (ms) belongs to an upload that will never finish. */
export const STALE_IMPORT_MS = 60 * 60 * 1000;

/**
 * Parsed messages are written in batches of about this many characters of JSONL: each await on
 * the upload ends a turn of the object (and an implicit commit), and RPC delivers uploads in
 * ~4 KiB pieces, so writing per line would commit thousands of times (ADR 0401).
 */
export const WRITE_BATCH_CHARS = 1024 * 1024;

/** Options of an import. `title` overrides the title derived from the header. */
export interface ImportOptions {
  title?: string;
  maxBytes?: number;
}

export async function importChat(
  deps: ChatDeps,
  source: ReadableStream<Uint8Array>,
  options: ImportOptions = {},
): Promise<ChatView> {
  const title = options.title !== undefined ? normalizeTitle(options.title) : undefined;
  const startedAt = deps.clock.now();
  for (const stale of deps.repo.staging.stale(startedAt - STALE_IMPORT_MS)) deps.repo.staging.abort(stale);
  const importId = crypto.randomUUID();
  const chatId = newChatId();
  deps.repo.staging.begin(importId, chatId, startedAt);
  try {
    let header: JsonObject | null = null;
    let seenFirst = false;
    let count = 0;
    let pending: MessageRecord[] = [];
    let pendingChars = 0;
    const flush = () => {
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      pendingChars = 0;
      deps.repo.transaction(() => deps.repo.messages.insertMany(batch));
    };
    for await (const { line, text } of readLines(source, {
      maxBytes: options.maxBytes ?? MAX_IMPORT_BYTES,
      maxLineBytes: MAX_IMPORT_LINE_BYTES,
    })) {
      if (text.trim().length === 0) continue;
      const value = parseJsonLine(text, line);
      if (!seenFirst) {
        seenFirst = true;
        if (isHeaderLine(value)) {
          if (text.length > 1024 * 1024) {
            throw new AppError(
              "chat.import_line_too_large",
              `Line ${line} (the chat header) is larger than 1 MiB. Nothing was imported.`,
              { line },
            );
          }
          header = value;
          continue;
        }
      }
      const parsed = parseMessageLine(value, line);
      count += 1;
      pending.push({ ...parsed, chatId, seq: count, messageId: newMessageId(), revision: 1 });
      pendingChars += text.length;
      if (pendingChars >= WRITE_BATCH_CHARS) flush();
    }
    flush();
    if (!seenFirst) throw new AppError("chat.import_empty", "The chat file is empty.");
    const fields = chatFieldsFromHeader(header);
    const now = deps.clock.now();
    const chat: ChatRecord = {
      id: chatId,
      kind: "character",
      title: title ?? fields.title,
      revision: 1,
      messageCount: count,
      character: fields.character,
      characterId: null,
      systemPrompt: fields.systemPrompt,
      persona: personaFromHeader(header),
      header,
      createdAt: now,
      updatedAt: now,
    };
    deps.repo.staging.publish(importId, chat);
    broadcastChat(deps, chat);
    return toChatView(chat);
  } catch (error) {
    deps.repo.staging.abort(importId);
    throw error;
  }
}
