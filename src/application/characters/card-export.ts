/**
 * Card export (docs/spec/characters.md §3): JSON (V3 by default, V2 with `spec: "v2"`) or PNG with
 * both a `chara` (V2) and a `ccv3` (V3) tEXt chunk on the avatar (a plain placeholder image for a
 * character without one). The linked book goes back into `data.character_book`: exactly as
 * imported while it was not edited, else converted back keeping every field of the original entries.
 *
 * Errors: `character.not_found` (404).
 */
import { exportCard, type CardSpec } from "../../domain/characters/card";
import { toCharacterBook } from "../../domain/worldinfo/book";
import type { CharacterRecord } from "../../ports/character-repository";
import { requireCharacter, type LibraryDeps } from "./library-deps";

/** A 1×1 grey PNG, the image of a character without an avatar. */
const PLACEHOLDER_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

function characterBook(deps: LibraryDeps, record: CharacterRecord): Record<string, unknown> | null {
  if (!record.bookId) return null;
  const book = deps.repo.books.get(record.bookId);
  if (!book) return null;
  if (book.source && book.sourceRevision === book.revision) return book.source;
  return toCharacterBook({ name: book.name, entries: deps.repo.books.entries(book.id) }, book.source);
}

function fileBase(name: string): string {
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").slice(0, 100) || "character";
}

/**
 * The card document of `spec`, and its file name: `<name>.json` for V3, `<name>.v2.json` for V2, so
 * the two downloads of one character never overwrite each other.
 */
export function exportCardJson(deps: LibraryDeps, id: string, spec: CardSpec): { fileName: string; json: string } {
  const record = requireCharacter(deps, id);
  const doc = exportCard(record.card, spec, characterBook(deps, record));
  const suffix = spec === "v2" ? ".v2.json" : ".json";
  return { fileName: `${fileBase(record.name)}${suffix}`, json: JSON.stringify(doc) };
}

/** The PNG card (both chunks). */
export function exportCardPng(deps: LibraryDeps, id: string): { fileName: string; png: Uint8Array } {
  const record = requireCharacter(deps, id);
  const book = characterBook(deps, record);
  const image = (record.avatar && deps.repo.characters.readAvatar(id)) || PLACEHOLDER_PNG;
  const png = deps.codec.write(image, {
    chara: JSON.stringify(exportCard(record.card, "v2", book)),
    ccv3: JSON.stringify(exportCard(record.card, "v3", book)),
  });
  return { fileName: `${fileBase(record.name)}.png`, png };
}
