/**
 * Character library and World Info operations (docs/spec/characters.md, docs/spec/worldinfo.md).
 * Inputs were validated by the routes' zod contracts; card files arrive as bytes (≤ 8 MiB).
 */
import { exportCardJson, exportCardPng } from "../../src/application/characters/card-export";
import { importCard } from "../../src/application/characters/card-import";
import type { OnDuplicate } from "../../src/application/characters/duplicate-import";
import { setCharacterAvatar } from "../../src/application/characters/character-avatar";
import {
  createCharacter,
  deleteCharacter,
  getCharacter,
  listCharacters,
  updateCharacter,
} from "../../src/application/characters/character-crud";
import { requireCharacter } from "../../src/application/characters/library-deps";
import {
  createBook,
  deleteBook,
  deleteEntry,
  exportBook,
  getBook,
  importBook,
  listBooks,
  putEntry,
  updateBook,
} from "../../src/application/worldinfo/books";
import { getSettings, patchSettings, testActivation } from "../../src/application/worldinfo/lore";
import { libraryDeps } from "../../src/composition/characters";
import type { CardSpec } from "../../src/domain/characters/card";
import { AppError } from "../../src/domain/errors";
import { ESTIMATING_COUNTER } from "../../src/domain/prompt/token-estimate";
import type { Attachment } from "../../src/ports/character-repository";
import { defineOps } from "./registry";

type Json = Record<string, unknown>;

export const characterOps = defineOps({
  "characters.list": (space, _input: Record<string, never>) => listCharacters(libraryDeps(space)),
  "characters.get": (space, input: { id: string }) => getCharacter(libraryDeps(space), input.id),
  "characters.create": (space, input: { data: Json }) => createCharacter(libraryDeps(space), input.data),
  "characters.update": (space, input: { id: string; data: Json; ifRevision?: number | undefined }) =>
    updateCharacter(libraryDeps(space), input.id, {
      data: input.data,
      ...(input.ifRevision !== undefined ? { ifRevision: input.ifRevision } : {}),
    }),
  "characters.delete": (space, input: { id: string }) => deleteCharacter(libraryDeps(space), input.id),
  "characters.import": (space, input: { bytes: Uint8Array; onDuplicate?: OnDuplicate | undefined }) =>
    importCard(libraryDeps(space), input),
  "characters.exportJson": (space, input: { id: string; spec: CardSpec }) =>
    exportCardJson(libraryDeps(space), input.id, input.spec),
  "characters.exportPng": (space, input: { id: string }) => exportCardPng(libraryDeps(space), input.id),
  "characters.setAvatar": (space, input: { id: string; png: Uint8Array }) =>
    setCharacterAvatar(libraryDeps(space), input.id, input.png),
  "characters.avatar": (space, input: { id: string }) => {
    const deps = libraryDeps(space);
    const record = requireCharacter(deps, input.id);
    const png = record.avatar ? deps.repo.characters.readAvatar(input.id) : null;
    if (!png || !record.avatar)
      throw new AppError("character.avatar_not_found", "This character has no avatar image.", {
        characterId: input.id,
      });
    return { png, sha256: record.avatar.sha256 };
  },

  "worldinfo.list": (space, _input: Record<string, never>) => listBooks(libraryDeps(space)),
  "worldinfo.get": (space, input: { bookId: string }) => getBook(libraryDeps(space), input.bookId),
  "worldinfo.create": (space, input: { name: string; entries?: Json[] | undefined }) =>
    createBook(libraryDeps(space), { name: input.name, ...(input.entries ? { entries: input.entries } : {}) }),
  "worldinfo.update": (
    space,
    input: {
      bookId: string;
      name?: string | undefined;
      attach?: Attachment[] | undefined;
      detach?: Attachment[] | undefined;
      ifRevision?: number | undefined;
    },
  ) => {
    const { bookId, ...patch } = input;
    return updateBook(libraryDeps(space), bookId, JSON.parse(JSON.stringify(patch)));
  },
  "worldinfo.delete": (space, input: { bookId: string }) => deleteBook(libraryDeps(space), input.bookId),
  "worldinfo.import": (
    space,
    input: { json: unknown; name?: string | undefined; onDuplicate?: OnDuplicate | undefined },
  ) => importBook(libraryDeps(space), input.json, input.name, input.onDuplicate),
  "worldinfo.export": (space, input: { bookId: string }) => exportBook(libraryDeps(space), input.bookId),
  "worldinfo.entries.put": (
    space,
    input: { bookId: string; uid?: number | undefined; entry: Json; ifRevision?: number | undefined },
  ) =>
    putEntry(libraryDeps(space), input.bookId, {
      entry: input.entry,
      ...(input.uid !== undefined ? { uid: input.uid } : {}),
      ...(input.ifRevision !== undefined ? { ifRevision: input.ifRevision } : {}),
    }),
  "worldinfo.entries.delete": (space, input: { bookId: string; uid: number; ifRevision?: number | undefined }) =>
    deleteEntry(libraryDeps(space), input.bookId, input.uid, input.ifRevision),
  "worldinfo.settings.get": (space, _input: Record<string, never>) => getSettings(libraryDeps(space)),
  "worldinfo.settings.patch": (space, input: Json) => patchSettings(libraryDeps(space), input),
  "worldinfo.activation.test": (
    space,
    input: { text: string; bookIds?: string[] | undefined; contextTokens?: number | undefined },
  ) =>
    testActivation(libraryDeps(space), ESTIMATING_COUNTER, {
      text: input.text,
      ...(input.bookIds ? { bookIds: input.bookIds } : {}),
      ...(input.contextTokens ? { contextTokens: input.contextTokens } : {}),
    }),
});
