/**
 * Chat limits and their error codes (issue [chats]; docs/spec/hosted.md §5: a SQLite row or
 * string is at most 2 MB, so one message's text is capped at 1 MiB and swipes live in their own rows).
 *
 * Codes: chat.title_invalid (400), chat.message_text_too_large (413),
 * chat.message_extra_too_large (413), chat.too_many_swipes (400).
 */
import { AppError } from "../errors";

/** Longest chat title, characters (after trimming). */
export const MAX_TITLE_CHARS = 200;
/** Largest message text (and each swipe), UTF-8 bytes. */
export const MAX_MESSAGE_TEXT_BYTES = 1024 * 1024;
/** Largest `extra` + unknown SillyTavern fields of one message, as JSON, UTF-8 bytes. */
export const MAX_MESSAGE_EXTRA_BYTES = 512 * 1024;
/** Largest character card / system prompt field, characters. */
export const MAX_CARD_FIELD_CHARS = 64 * 1024;
/** Most swipes one message may hold. */
export const MAX_SWIPES = 256;
/** Largest import, bytes (50 MB). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** Largest single JSONL line of an import, bytes (one message with its swipes). */
export const MAX_IMPORT_LINE_BYTES = 8 * 1024 * 1024;

const encoder = new TextEncoder();

/** UTF-8 length of `text` in bytes (cheap path for short strings). */
export function utf8Length(text: string): number {
  if (text.length * 3 <= MAX_MESSAGE_TEXT_BYTES && text.length < 4096) return encoder.encode(text).byteLength;
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** Trims and checks a title (1..200 chars) → `chat.title_invalid`. */
export function normalizeTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_TITLE_CHARS) {
    throw new AppError("chat.title_invalid", `A chat title must be 1 to ${MAX_TITLE_CHARS} characters.`, {
      maxChars: MAX_TITLE_CHARS,
    });
  }
  return trimmed;
}

/** Checks a message text or swipe (≤ 1 MiB UTF-8) → `chat.message_text_too_large`. */
export function checkMessageText(text: string, where = "message text"): void {
  if (utf8Length(text) > MAX_MESSAGE_TEXT_BYTES) {
    throw new AppError(
      "chat.message_text_too_large",
      `The ${where} is larger than 1 MiB; split it into several messages.`,
      { maxBytes: MAX_MESSAGE_TEXT_BYTES },
    );
  }
}

/** Checks the JSON size of `extra` plus other stored JSON → `chat.message_extra_too_large`. */
export function checkExtraSize(bytes: number): void {
  if (bytes > MAX_MESSAGE_EXTRA_BYTES) {
    throw new AppError("chat.message_extra_too_large", "The message's extra data is larger than 512 KiB.", {
      maxBytes: MAX_MESSAGE_EXTRA_BYTES,
    });
  }
}

/** Checks the swipe count → `chat.too_many_swipes`. */
export function checkSwipeCount(count: number): void {
  if (count > MAX_SWIPES)
    throw new AppError("chat.too_many_swipes", `A message can hold at most ${MAX_SWIPES} swipes.`, {
      maxSwipes: MAX_SWIPES,
    });
}
