/**
 * World Info books (docs/spec/worldinfo.md §1, §4): list, get, create, import (SillyTavern World
 * Info JSON), export, rename, attach/detach (global, a character, a chat), delete, and entry edits.
 * Every change bumps the book's revision (an optional `ifRevision` guards it) and broadcasts
 * `worldinfo.changed`. An entry keeps every field it is given (SillyTavern's and unknown ones).
 *
 * Errors: `worldinfo.book_not_found`, `worldinfo.book_entry_not_found`,
 * `worldinfo.attachment_target_not_found` (404), `worldinfo.file_invalid`,
 * `worldinfo.invalid_regex` (400), `worldinfo.revision_conflict` (409, details.current),
 * `worldinfo.import_duplicate` (409, details.existing).
 */
import type { BookList, BookSummary, BookView } from "../../contracts/worldinfo-views";
import { newBookId } from "../../domain/characters/ids";
import { AppError } from "../../domain/errors";
import { parseWorldInfoJson, toWorldInfoJson } from "../../domain/worldinfo/book";
import { normalizeEntry, type WorldEntry } from "../../domain/worldinfo/entry";
import { checkKeys } from "../../domain/worldinfo/keys";
import type { Attachment, BookRecord } from "../../ports/character-repository";
import { checkDuplicate, importHash, type OnDuplicate } from "../characters/duplicate-import";
import { bookChanged, requireBook, type LibraryDeps } from "../characters/library-deps";

type Json = Record<string, unknown>;

function toSummary(deps: LibraryDeps, b: BookRecord): BookSummary {
  return {
    id: b.id,
    name: b.name,
    revision: b.revision,
    entryCount: deps.repo.books.entryCount(b.id),
    ...(b.characterId ? { characterId: b.characterId } : {}),
    attachments: deps.repo.books.attachments(b.id),
    createdAt: new Date(b.createdAt).toISOString(),
    updatedAt: new Date(b.updatedAt).toISOString(),
  };
}

function toView(deps: LibraryDeps, b: BookRecord): BookView {
  return { ...toSummary(deps, b), entries: deps.repo.books.entries(b.id) };
}

export function listBooks(deps: LibraryDeps): BookList {
  return { books: deps.repo.books.list().map((b) => toSummary(deps, b)) };
}

export function getBook(deps: LibraryDeps, id: string): BookView {
  return toView(deps, requireBook(deps, id));
}

function insertBook(
  deps: LibraryDeps,
  name: string,
  entries: WorldEntry[],
  extra: Json,
  importSha256?: string,
): BookView {
  const now = deps.clock.now();
  const record: BookRecord = {
    id: newBookId(),
    name,
    revision: 1,
    extra,
    source: null,
    sourceRevision: null,
    characterId: null,
    createdAt: now,
    updatedAt: now,
  };
  deps.repo.transaction(() => {
    deps.repo.books.insert(record, entries);
    if (importSha256) deps.repo.imports.books.mark(record.id, importSha256);
  });
  bookChanged(deps, record.id);
  return toView(deps, record);
}

export function createBook(deps: LibraryDeps, input: { name: string; entries?: Json[] }): BookView {
  const entries = (input.entries ?? []).map((e, i) => normalizeEntry(e, i));
  checkKeys(entries);
  return insertBook(deps, input.name.trim(), entries, {});
}

/**
 * Imports a SillyTavern World Info JSON document; `name` (else the file's `name`, else "Imported
 * World Info"). The same file again is `worldinfo.import_duplicate` unless `onDuplicate` is `copy`
 * (application/characters/duplicate-import.ts).
 */
export async function importBook(
  deps: LibraryDeps,
  json: unknown,
  name?: string,
  onDuplicate?: OnDuplicate,
): Promise<BookView> {
  const parsed = parseWorldInfoJson(json, name ?? "Imported World Info");
  const hash = await importHash(json);
  checkDuplicate(
    "worldinfo",
    deps.repo.imports.books,
    hash,
    onDuplicate,
    (id) => deps.repo.books.get(id)?.name ?? null,
  );
  return insertBook(deps, name ?? parsed.name, parsed.entries, parsed.extra, hash);
}

/** The book as a SillyTavern World Info JSON document, and a file name. */
export function exportBook(deps: LibraryDeps, id: string): { fileName: string; json: Json } {
  const book = requireBook(deps, id);
  return {
    fileName: `${book.name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").slice(0, 100) || "world"}.json`,
    json: toWorldInfoJson({ entries: deps.repo.books.entries(id), extra: book.extra }),
  };
}

function checkRevision(deps: LibraryDeps, book: BookRecord, ifRevision: number | undefined): void {
  if (ifRevision !== undefined && ifRevision !== book.revision)
    throw new AppError(
      "worldinfo.revision_conflict",
      "This book was changed on another device; reload it and try again.",
      {
        current: toSummary(deps, book),
      },
    );
}

function checkTarget(deps: LibraryDeps, a: Attachment): void {
  const missing =
    (a.scope === "character" && !deps.repo.characters.get(a.id)) ||
    (a.scope === "chat" && !deps.repo.chatsExists(a.id));
  if (missing)
    throw new AppError(
      "worldinfo.attachment_target_not_found",
      `The ${a.scope} to attach this book to does not exist (it may have been deleted).`,
      { scope: a.scope, id: (a as { id: string }).id },
    );
}

function touch(deps: LibraryDeps, book: BookRecord, change: Partial<BookRecord> = {}): BookRecord {
  const next = { ...book, ...change, revision: book.revision + 1, updatedAt: deps.clock.now() };
  deps.repo.books.update(next);
  return next;
}

export function updateBook(
  deps: LibraryDeps,
  id: string,
  input: { name?: string; attach?: Attachment[]; detach?: Attachment[]; ifRevision?: number },
): BookView {
  const book = requireBook(deps, id);
  checkRevision(deps, book, input.ifRevision);
  for (const a of input.attach ?? []) checkTarget(deps, a);
  const next = deps.repo.transaction(() => {
    for (const a of input.detach ?? []) deps.repo.books.detach(id, a);
    for (const a of input.attach ?? []) deps.repo.books.attach(id, a);
    const renamed = input.name !== undefined && input.name.trim() !== book.name;
    // Attachments are not part of the card: only a rename or entry edit makes the card's book "edited".
    return renamed
      ? touch(deps, book, { name: input.name!.trim() })
      : touch(deps, book, book.sourceRevision === book.revision ? { sourceRevision: book.revision + 1 } : {});
  });
  bookChanged(deps, id);
  return toView(deps, next);
}

export function deleteBook(deps: LibraryDeps, id: string): { id: string; deleted: true } {
  const book = requireBook(deps, id);
  deps.repo.transaction(() => {
    deps.repo.books.delete(id);
    if (book.characterId) {
      const owner = deps.repo.characters.get(book.characterId);
      if (owner && owner.bookId === id) deps.repo.characters.update({ ...owner, bookId: null });
    }
  });
  bookChanged(deps, id, true);
  return { id, deleted: true };
}

/** Creates (no `uid`, or a new one) or replaces the entry `uid`; every given field is kept. */
export function putEntry(
  deps: LibraryDeps,
  bookId: string,
  input: { entry: Json; uid?: number; ifRevision?: number },
): BookView {
  const book = requireBook(deps, bookId);
  checkRevision(deps, book, input.ifRevision);
  const existing = deps.repo.books.entries(bookId);
  const uid = input.uid ?? existing.reduce((max, e) => Math.max(max, e.uid + 1), 0);
  const entry = normalizeEntry({ ...input.entry, uid }, uid);
  checkKeys([entry]);
  const next = deps.repo.transaction(() => {
    deps.repo.books.putEntry(bookId, entry);
    return touch(deps, book);
  });
  bookChanged(deps, bookId);
  return toView(deps, next);
}

export function deleteEntry(deps: LibraryDeps, bookId: string, uid: number, ifRevision?: number): BookView {
  const book = requireBook(deps, bookId);
  checkRevision(deps, book, ifRevision);
  const next = deps.repo.transaction(() => {
    if (!deps.repo.books.deleteEntry(bookId, uid))
      throw new AppError("worldinfo.book_entry_not_found", `This book has no entry ${uid}.`, { bookId, uid });
    return touch(deps, book);
  });
  bookChanged(deps, bookId);
  return toView(deps, next);
}
