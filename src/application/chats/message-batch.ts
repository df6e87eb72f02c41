/**
 * Messages read together by 0-based index (chat-reads.ts `messagesAt`; the agent's `chat.search`
 * and `chat.read_messages`, docs/spec/tool-system.md §2.1–§2.2, read through it). `at(index)`
 * answers, and throws, exactly what `messageAt(chatId, index)` would have at the time of the read.
 */
import { AppError } from "../../domain/errors";
import type { MessageView } from "../../domain/chats/types";

export class MessageBatch {
  /**
   * `total`: the chat's message count when it was read; `views`: the messages read, by index
   * (each `toMessageView(row, index)`, as `messageAt` builds it).
   */
  constructor(
    readonly total: number,
    private readonly views: ReadonlyMap<number, MessageView>,
  ) {}

  /**
   * The message at `index` → `chat.message_not_found` (404, details `{index, totalMessages}`) when
   * the chat has no message there. An index within the chat that was not asked for is a programming
   * error (plain Error).
   */
  at(index: number): MessageView {
    if (!Number.isInteger(index) || index < 0 || index >= this.total) {
      throw new AppError(
        "chat.message_not_found",
        `This chat has no message at index ${index} (it has ${this.total}).`,
        { index, totalMessages: this.total },
      );
    }
    const view = this.views.get(index);
    if (!view) throw new Error(`Message ${index} was not part of this batch.`);
    return view;
  }
}
