/** Composition: the ChatService of one user's space (SQLite repository, clock, socket hub). */
import { SqlChatRepository } from "../adapters/storage/chat-repository";
import type { ChatDeps } from "../application/chats/chat-context";
import { userPersona } from "../application/settings/user-settings";
import { ChatService } from "../application/chats/chat-service";
import type { Space } from "../ports/space";
import { userSettingsDeps } from "./settings";

/** The chat use cases' dependencies (one repository per object). */
export function chatDeps(space: Space): ChatDeps {
  return space.memo("chats.deps", () => ({
    repo: new SqlChatRepository(space.storage),
    clock: space.clock,
    sockets: space.sockets,
    userPersona: () => userPersona(userSettingsDeps(space).store),
  }));
}

export function chatServices(space: Space): ChatService {
  return space.memo("chats", () => new ChatService(chatDeps(space)));
}
