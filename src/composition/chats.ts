/** Composition: the ChatService of one user's space (SQLite repository, clock, socket hub). */
import { SqlChatRepository } from "../adapters/storage/chat-repository";
import type { ChatDeps } from "../application/chats/chat-context";
import { ChatService } from "../application/chats/chat-service";
import type { Space } from "../ports/space";

/** The chat use cases' dependencies (one repository per object). */
export function chatDeps(space: Space): ChatDeps {
  return space.memo("chats.deps", () => ({
    repo: new SqlChatRepository(space.storage),
    clock: space.clock,
    sockets: space.sockets,
  }));
}

export function chatServices(space: Space): ChatService {
  return space.memo("chats", () => new ChatService(chatDeps(space)));
}
