/** The SQLite ChatRepository of a user's Durable Object (schema v4). */
import type { ChatRepository } from "../../ports/chat-repository";
import { ChatMessageStore } from "./chat-message-store";
import { ChatStagingStore } from "./chat-staging-store";
import { ChatStore } from "./chat-store";

export class SqlChatRepository implements ChatRepository {
  readonly chats: ChatStore;
  readonly messages: ChatMessageStore;
  readonly staging: ChatStagingStore;

  constructor(private readonly storage: DurableObjectStorage) {
    this.chats = new ChatStore(storage.sql);
    this.messages = new ChatMessageStore(storage.sql);
    this.staging = new ChatStagingStore(storage);
  }

  transaction<T>(fn: () => T): T {
    return this.storage.transactionSync(fn);
  }
}
