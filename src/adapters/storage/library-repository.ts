/** The character library and World Info over one Durable Object's SQLite (schema v16–17, v27). */
import type { LibraryRepository } from "../../ports/character-repository";
import { CharacterStore } from "./character-store";
import { ImportHashStore } from "./import-hash-store";
import { WorldInfoStore } from "./worldinfo-store";

export class SqlLibraryRepository implements LibraryRepository {
  readonly characters: CharacterStore;
  readonly books: WorldInfoStore;
  readonly imports: { characters: ImportHashStore; books: ImportHashStore };

  constructor(private readonly storage: DurableObjectStorage) {
    this.characters = new CharacterStore(storage.sql);
    this.books = new WorldInfoStore(storage.sql);
    this.imports = {
      characters: new ImportHashStore(storage.sql, "te_characters"),
      books: new ImportHashStore(storage.sql, "te_wi_books"),
    };
  }

  chatsOf(characterId: string): string[] {
    return this.storage.sql
      .exec("SELECT id FROM te_chats WHERE character_id = ?", characterId)
      .toArray()
      .map((row) => String(row.id));
  }

  refreshChatSummaries(characterId: string, summary: Record<string, unknown> | null): void {
    this.storage.sql.exec(
      "UPDATE te_chats SET character_json = ? WHERE character_id = ?",
      summary ? JSON.stringify(summary) : null,
      characterId,
    );
  }

  chatsExists(chatId: string): boolean {
    return this.storage.sql.exec("SELECT 1 FROM te_chats WHERE id = ?", chatId).toArray().length > 0;
  }

  unlinkChats(characterId: string): void {
    this.storage.sql.exec("UPDATE te_chats SET character_id = NULL WHERE character_id = ?", characterId);
  }

  transaction<T>(fn: () => T): T {
    return this.storage.transactionSync(fn);
  }
}
