/** Composition: the ChatService of one user's space (SQLite repository, clock, socket hub). */
import { SqlChatRepository } from "../adapters/storage/chat-repository";
import { ChatService } from "../application/chats/chat-service";
import type { Space } from "../ports/space";

export function chatServices(space: Space): ChatService {
  return space.memo(
    "chats",
    () => new ChatService({ repo: new SqlChatRepository(space.storage), clock: space.clock, sockets: space.sockets }),
  );
}
