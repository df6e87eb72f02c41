/**
 * Storage of the character library and World Info (docs/spec/characters.md, docs/spec/worldinfo.md).
 * Every method is synchronous (SQLite in the Durable Object), so a read-check-write never interleaves.
 */
import type { WorldEntry } from "../domain/worldinfo/entry";
import type { WorldInfoSettings } from "../domain/worldinfo/settings";

type Json = Record<string, unknown>;

/** A stored character. `card` is the card document without `data.character_book`. */
export interface CharacterRecord {
  id: string;
  name: string;
  revision: number;
  card: Json & { data: Json };
  /** The card's own World Info book (its `character_book`), or null. */
  bookId: string | null;
  avatar: { bytes: number; sha256: string } | null;
  createdAt: number;
  updatedAt: number;
}

/** A stored book (entries apart). */
export interface BookRecord {
  id: string;
  name: string;
  revision: number;
  /** Top-level fields of the World Info file besides `entries`. */
  extra: Json;
  /** A card's original `character_book` (and the book revision it was imported at), or null. */
  source: Json | null;
  sourceRevision: number | null;
  /** The character whose card this book came from, or null. */
  characterId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Where a book applies. */
export type Attachment = { scope: "global" } | { scope: "character"; id: string } | { scope: "chat"; id: string };

export interface CharacterRows {
  insert(record: CharacterRecord): void;
  update(record: CharacterRecord): void;
  get(id: string): CharacterRecord | null;
  /** Every character, by name (case-insensitive). */
  list(): CharacterRecord[];
  /** Characters named `name` (ASCII case ignored), oldest first: ids and names only. */
  named(name: string): Array<{ id: string; name: string }>;
  delete(id: string): void;
  putAvatar(id: string, png: Uint8Array, sha256: string): void;
  readAvatar(id: string): Uint8Array | null;
}

export interface BookRows {
  insert(record: BookRecord, entries: ReadonlyArray<WorldEntry>): void;
  update(record: BookRecord): void;
  get(id: string): BookRecord | null;
  list(): BookRecord[];
  delete(id: string): void;
  entries(bookId: string): WorldEntry[];
  entryCount(bookId: string): number;
  putEntry(bookId: string, entry: WorldEntry): void;
  deleteEntry(bookId: string, uid: number): boolean;
  attachments(bookId: string): Attachment[];
  attach(bookId: string, to: Attachment): void;
  detach(bookId: string, from: Attachment): void;
  /** Book ids attached globally, to `characterId` (when given) or to `chatId` (when given). */
  attachedTo(targets: { characterId?: string | null; chatId?: string | null }): string[];
  /** Drops every attachment to a character or chat (it was deleted). */
  detachTarget(scope: "character" | "chat", id: string): void;
  settings(): WorldInfoSettings;
  saveSettings(settings: WorldInfoSettings): void;
}

/**
 * What library items were imported from (docs/spec/characters.md §2 "The same card twice"): the
 * SHA-256 (hex) of the imported document per item id, for telling a re-import from a new one.
 */
export interface ImportHashes {
  /** Records that item `id` was imported from a document hashing to `sha256`. */
  mark(id: string, sha256: string): void;
  /** The oldest item imported from a document hashing to `sha256`, or null. */
  find(sha256: string): string | null;
}

export interface LibraryRepository {
  characters: CharacterRows;
  books: BookRows;
  /** Import hashes of characters and of World Info books. */
  imports: { characters: ImportHashes; books: ImportHashes };
  /** Chats linked to a character: their ids. */
  chatsOf(characterId: string): string[];
  /** Sets the character summary (`character_json`) of every chat linked to `characterId`. */
  refreshChatSummaries(characterId: string, summary: Json | null): void;
  /** True when the chat exists. */
  chatsExists(chatId: string): boolean;
  /** Clears the link of every chat linked to `characterId` (their summary stays). */
  unlinkChats(characterId: string): void;
  transaction<T>(fn: () => T): T;
}
