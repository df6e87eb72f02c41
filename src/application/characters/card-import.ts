/**
 * Card import (docs/spec/characters.md §2): a PNG (tEXt `ccv3` read before `chara`) or JSON card
 * of V1–V3 becomes a library character; its `character_book` becomes a World Info book linked to
 * it (and attached to it); the PNG without its card chunks becomes the avatar. Everything is
 * checked before anything is written, and the writes are one transaction: nothing half-written.
 *
 * Errors: `character.card_too_large` (413, over 8 MiB, or a card document over 1.5 MB),
 * `character.png_invalid`, `character.png_no_card`, `character.card_invalid`,
 * `character.name_invalid`, `worldinfo.invalid_regex`, `worldinfo.file_invalid` (400),
 * `character.file_unsupported`, `character.file_unrecognized` (415, a file that is neither),
 * `character.import_duplicate` (409, the same card is in the library; duplicate-import.ts).
 */
import type { CharacterView } from "../../contracts/character-views";
import { parseCard } from "../../domain/characters/card";
import { newBookId, newCharacterId } from "../../domain/characters/ids";
import { sha256Hex } from "../../domain/ids";
import { AppError } from "../../domain/errors";
import { jsonDepthProblem, unstorableText } from "../../domain/json-depth";
import { fromCharacterBook } from "../../domain/worldinfo/book";
import type { CharacterRecord } from "../../ports/character-repository";
import { cardFileKind } from "./card-file-kind";
import { checkDuplicate, importHash, type OnDuplicate } from "./duplicate-import";
import { bookChanged, characterChanged, type LibraryDeps } from "./library-deps";
import { toCharacterView } from "./views";

/** Largest card file (PNG or JSON), bytes. */
export const CARD_FILE_MAX_BYTES = 8 * 1024 * 1024;
/** Largest stored card document (without its book), UTF-16 code units: below SQLite's 2 MB row limit. */
export const CARD_DOC_MAX_CHARS = 1_500_000;

function tooLarge(what: string): AppError {
  return new AppError("character.card_too_large", `${what} is larger than the limit.`, {
    maxBytes: CARD_FILE_MAX_BYTES,
  });
}

/** The card's JSON, refused (`character.card_invalid`, `details.path`) past 64 levels of nesting or with text SQLite cannot keep (docs/spec/hardening.md "Untrusted JSON"). */
function parseJsonText(text: string): unknown {
  const deep = jsonDepthProblem(text);
  if (deep)
    throw new AppError(
      "character.card_invalid",
      `The card nests objects and arrays more than ${deep.maxDepth} levels deep (at ${deep.path}).`,
      { path: deep.path, maxDepth: deep.maxDepth },
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AppError("character.card_invalid", `The card is not valid JSON: ${(error as Error).message}`);
  }
  const bad = unstorableText(json);
  if (bad)
    throw new AppError(
      "character.card_invalid",
      `The card's text at ${bad.path} holds ${bad.kind === "nul" ? "a U+0000 character" : "a lone surrogate"}, which cannot be stored.`,
      { path: bad.path },
    );
  return json;
}

/** Imports a card file; what it is (PNG or JSON) is read from its bytes (card-file-kind.ts). */
export async function importCard(
  deps: LibraryDeps,
  file: { bytes: Uint8Array; onDuplicate?: OnDuplicate | undefined },
): Promise<CharacterView> {
  if (file.bytes.byteLength > CARD_FILE_MAX_BYTES) throw tooLarge("The card file (8 MiB at most)");
  const kind = await cardFileKind(deps.sniffer, file.bytes);
  let text: string;
  let image: Uint8Array | null = null;
  if (kind === "png") {
    const read = deps.codec.read(file.bytes);
    const found = read.ccv3 ?? read.chara;
    if (found === null)
      throw new AppError(
        "character.png_no_card",
        "This PNG image has no character card inside (no ccv3 or chara chunk). Export the character from SillyTavern as a PNG card.",
      );
    text = found;
    image = read.image;
  } else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(file.bytes);
    } catch {
      throw new AppError("character.card_invalid", "The card file is not UTF-8 text.");
    }
  }
  const document = parseJsonText(text);
  const { card, book } = parseCard(document);
  if (JSON.stringify(card).length > CARD_DOC_MAX_CHARS) throw tooLarge("The card's text (1.5 MB at most)");
  const name = String(card.data.name).trim();
  const parsedBook = book ? fromCharacterBook(book, `${name}'s Lorebook`) : null;
  const avatarHash = image ? await sha256Hex(image as Uint8Array<ArrayBuffer>) : null;
  const documentHash = await importHash(document);
  checkDuplicate(
    "character",
    deps.repo.imports.characters,
    documentHash,
    file.onDuplicate,
    (id) => deps.repo.characters.get(id)?.name ?? null,
  );
  const now = deps.clock.now();
  const record: CharacterRecord = {
    id: newCharacterId(),
    name,
    revision: 1,
    card,
    bookId: parsedBook ? newBookId() : null,
    avatar: image && avatarHash ? { bytes: image.byteLength, sha256: avatarHash } : null,
    createdAt: now,
    updatedAt: now,
  };
  deps.repo.transaction(() => {
    deps.repo.characters.insert(record);
    deps.repo.imports.characters.mark(record.id, documentHash);
    if (image && avatarHash) deps.repo.characters.putAvatar(record.id, image, avatarHash);
    if (parsedBook && record.bookId) {
      deps.repo.books.insert(
        {
          id: record.bookId,
          name: parsedBook.name,
          revision: 1,
          extra: {},
          source: book,
          sourceRevision: 1,
          characterId: record.id,
          createdAt: now,
          updatedAt: now,
        },
        parsedBook.entries,
      );
      deps.repo.books.attach(record.bookId, { scope: "character", id: record.id });
    }
  });
  characterChanged(deps, record.id);
  if (record.bookId) bookChanged(deps, record.bookId);
  return toCharacterView(record);
}
