/** The SQLite ChatRepository of a user's Durable Object (schema v4). */
import type { ChatRepository } from "../../ports/chat-repository";
import { SqlChatMessageStore } from "./chat-message-store";
import { SqlChatStagingStore } from "./chat-staging-store";
import { SqlChatStore } from "./chat-store";

export class SqlChatRepository implements ChatRepository {
  readonly chats: SqlChatStore;
  readonly messages: SqlChatMessageStore;
  readonly staging: SqlChatStagingStore;

  constructor(private readonly storage: DurableObjectStorage) {
    this.chats = new SqlChatStore(storage.sql);
    this.messages = new SqlChatMessageStore(storage.sql);
    this.staging = new SqlChatStagingStore(storage);
  }

  transaction<T>(fn: () => T): T {
    return this.storage.transactionSync(fn);
  }
}
