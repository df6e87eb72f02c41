/**
 * The same card or World Info file imported twice (docs/spec/characters.md §2 "The same card
 * twice", docs/decisions/3250). A re-import is told by the content hash of the imported document:
 * the SHA-256 of its JSON as parsed and written back (so whitespace and key order of the file do
 * not matter, every value does). Name and creator are not used: a newer version of a card by the
 * same creator is a different card and imports without asking.
 *
 * Unless the request says `onDuplicate: "copy"`, an import whose hash is in the library is refused
 * before anything is written, with the item it matches:
 * `character.import_duplicate` / `worldinfo.import_duplicate` (409, `details.existing: {id, name}`).
 */
import { AppError } from "../../domain/errors";
import { sha256Hex } from "../../domain/ids";
import type { ImportHashes } from "../../ports/character-repository";

/** What an import does when its document is already in the library: refuse (`ask`, the default) or import anyway. */
export type OnDuplicate = "ask" | "copy";

/** The import hash of a parsed document: SHA-256 (hex) of its JSON text. */
export function importHash(document: unknown): Promise<string> {
  return sha256Hex(JSON.stringify(document));
}

/**
 * Refuses an import of `sha256` when `hashes` knows it and `onDuplicate` is not `copy`.
 * `nameOf` reads the matching item's current name (null when it vanished: no refusal then).
 */
export function checkDuplicate(
  what: "character" | "worldinfo",
  hashes: ImportHashes,
  sha256: string,
  onDuplicate: OnDuplicate | undefined,
  nameOf: (id: string) => string | null,
): void {
  if (onDuplicate === "copy") return;
  const id = hashes.find(sha256);
  const name = id ? nameOf(id) : null;
  if (!id || name === null) return;
  const details = { existing: { id, name } };
  if (what === "character")
    throw new AppError(
      "character.import_duplicate",
      `This card is already in your library as "${name}". Open that character, or import this one as a copy.`,
      details,
    );
  throw new AppError(
    "worldinfo.import_duplicate",
    `This World Info file is already in your library as the book "${name}". Open that book, or import this one as a copy.`,
    details,
  );
}
