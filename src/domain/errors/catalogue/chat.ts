/** `chat.*` error codes (docs/spec/chats.md §4): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const CHAT_CODES = {
  "chat.generation_active": {
    status: 409,
    message: "A reply is already being generated in this chat. Wait for it or stop it first.",
  },
  "chat.generation_interrupted": {
    status: 503,
    message:
      "The server restarted several times while the model was answering; the generation was given up. Try again.",
  },
  "chat.generation_invalid_intent": {
    status: 400,
    message: "Swipe and continue need the chat to end with a reply; a new user message goes with a normal generation.",
  },
  "chat.generation_not_found": {
    status: 404,
    message: "This generation does not exist in this chat (records are kept 24 hours after they end).",
  },
  "chat.prompt_budget_exceeded": {
    status: 400,
    message: "The prompt does not fit the connection's context budget. Raise its context size or lower its reply size.",
  },
  "chat.cursor_invalid": { status: 400, message: "This list cursor is not valid; start again from the first page." },
  "chat.import_empty": { status: 400, message: "The chat file is empty." },
  "chat.import_invalid_line": {
    status: 400,
    message: "Line … of the chat file is not valid UTF-8 text. Nothing was imported.",
  },
  "chat.import_line_too_large": {
    status: 413,
    message: "Line … (the chat header) is larger than 1 MiB. Nothing was imported.",
  },
  "chat.import_too_large": { status: 413, message: "The chat file is larger than 50 MB." },
  "chat.invalid_message_range": { status: 400, message: "End_message must be ≥ start_message." },
  "chat.invalid_search_query": { status: 400, message: "A search needs 1 to … characters." },
  "chat.message_extra_too_large": { status: 413, message: "The message's extra data is larger than 512 KiB." },
  "chat.message_not_found": {
    status: 404,
    message: "This message does not exist in the chat (it may have been deleted).",
  },
  "chat.message_text_too_large": {
    status: 413,
    message: "The … is larger than 1 MiB; split it into several messages.",
  },
  "chat.not_found": { status: 404, message: "This chat does not exist (it may have been deleted on another device)." },
  "chat.read_too_large": { status: 413, message: "Read at most … messages per call." },
  "chat.revision_conflict": { status: 409, message: "The chat changed on another device; reload it and try again." },
  "chat.swipe_not_found": { status: 404, message: "This message has no swipe number …." },
  "chat.title_invalid": { status: 400, message: "A chat title must be 1 to … characters." },
  "chat.too_many_swipes": { status: 400, message: "A message can hold at most … swipes." },
} as const satisfies Record<`chat.${string}`, CatalogueEntry>;
