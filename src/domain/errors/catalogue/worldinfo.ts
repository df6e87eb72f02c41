/** `worldinfo.*` error codes (docs/spec/tool-system.md §2.3, docs/spec/worldinfo.md): HTTP status and default message of each. */
import type { CatalogueEntry } from "./entry";

export const WORLDINFO_CODES = {
  "worldinfo.activation_unavailable": {
    status: 400,
    message: "This run has no activated world info (the prompt snapshot carried none).",
  },
  "worldinfo.entry_not_found": {
    status: 404,
    message: "No activated world info entry has ref …; list them without arguments first.",
  },
  "worldinfo.invalid_entry_range": { status: 400, message: "Start_char … is past the end of … (… chars)." },
  "worldinfo.read_too_large": { status: 413, message: "Read at most … entries per call." },
  "worldinfo.book_not_found": {
    status: 404,
    message: "This World Info book does not exist (it may have been deleted).",
  },
  "worldinfo.book_entry_not_found": { status: 404, message: "This book has no entry with that uid." },
  "worldinfo.file_invalid": { status: 400, message: "This file is not a SillyTavern World Info file." },
  "worldinfo.invalid_regex": {
    status: 400,
    message: "An entry's key looks like a regular expression but is not a valid one.",
  },
  "worldinfo.revision_conflict": { status: 409, message: "This book was changed on another device." },
  "worldinfo.attachment_target_not_found": {
    status: 404,
    message: "The character or chat to attach this book to does not exist.",
  },
  // [polish]: the same file imported twice (docs/spec/characters.md §2 "The same card twice").
  "worldinfo.import_duplicate": {
    status: 409,
    message: "This World Info file is already in your library. Open that book, or import this one as a copy.",
  },
} as const satisfies Record<`worldinfo.${string}`, CatalogueEntry>;
