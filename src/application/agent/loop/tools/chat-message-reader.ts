/**
 * The message reads of one `chat.search` / `chat.read_messages` call (docs/spec/tool-system.md
 * §2.1–§2.2). The first read fetches every index the call may need in one `messagesAt` (the chat
 * once, one query per run of consecutive indices) and later reads are served from it. Each read
 * returns, or throws, what `messageAt(chatId, index)` would at that point: the tool call is
 * synchronous, so the chat cannot change between its reads.
 */
import type { MessageView } from "../../../../domain/chats/types";
import type { MessageBatch } from "../../../chats/message-batch";
import type { ChatService } from "../../../chats/chat-service";

/** Reads the message at one 0-based index; must be one of the indices the reader was made for. */
export type MessageReader = (index: number) => MessageView;

/** A reader over `indices` (the call's possible reads; any order, repeats allowed). */
export function batchedMessageReader(
  chats: Pick<ChatService, "messagesAt">,
  chatId: string,
  indices: readonly number[],
): MessageReader {
  let batch: MessageBatch | undefined;
  return (index) => {
    batch ??= chats.messagesAt(chatId, indices);
    return batch.at(index);
  };
}
