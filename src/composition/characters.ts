/**
 * Composition: the character library and World Info of one user's space (docs/spec/characters.md,
 * docs/spec/worldinfo.md): SQLite stores, the PNG card codec, the file sniffer, the chat service, clock and sockets.
 */
import { FILE_SNIFFER } from "../adapters/files/file-sniffer";
import { PNG_CARD_CODEC } from "../adapters/png/card-png";
import { SqlLibraryRepository } from "../adapters/storage/library-repository";
import type { LibraryDeps } from "../application/characters/library-deps";
import type { Space } from "../ports/space";
import { chatServices } from "./chats";

export function libraryDeps(space: Space): LibraryDeps {
  return space.memo("library.deps", () => ({
    repo: new SqlLibraryRepository(space.storage),
    codec: PNG_CARD_CODEC,
    sniffer: FILE_SNIFFER,
    chats: chatServices(space),
    sockets: space.sockets,
    clock: space.clock,
  }));
}
