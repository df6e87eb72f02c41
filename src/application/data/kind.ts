/**
 * An archive kind (docs/spec/data-portability.md §1 "Kinds"): one section of the account archive.
 * The registry is the list built in src/composition/data.ts; a new kind (characters, World Info)
 * is one file implementing this interface plus one line there, and older archives, which lack
 * its section, still restore.
 */
import type { IdRemap } from "../../domain/data/id-remap";
import type { AppError } from "../../domain/errors";

/** One exported item: files under `<kind>/<itemId>/`, blobs it needs, secrets it carries. */
export interface ExportedItem {
  files: Record<string, Uint8Array | string>;
  /** sha256 hashes of shared blobs (written once as `blobs/<sha256>`). */
  blobs?: string[];
}

/** An item as read back from an archive (files inflated on demand, within the limits). */
export interface ArchivedItem {
  id: string;
  /** The bytes of `<kind>/<id>/<path>`, or null when absent. */
  file(path: string): Uint8Array | null;
  /** The UTF-8 text of a file, or null when absent. */
  text(path: string): string | null;
  /** The JSON of a file; throws `data.item_invalid` when absent or not JSON. */
  json<T>(path: string): T;
  /** A blob of the archive, checked against its sha256; throws `data.item_invalid` when missing. */
  blob(sha256: string): Promise<Uint8Array>;
}

/** What an import may use besides the item. */
export interface ImportContext {
  /** The decrypted secrets of this item (by the kind's own keys), or undefined without secrets. */
  secrets: Record<string, string> | undefined;
  /** True when an item with this id exists and the strategy is replace. */
  replace: boolean;
  /** The id to import the item under: its archived id, or a new one when a merge remapped it. */
  targetId: string;
  /**
   * The restore's id map (docs/decisions/2750): every reference the item holds to another item
   * goes through it. Empty for skip/replace and when nothing collided.
   */
  remap: IdRemap;
}

export interface ArchiveKind {
  /** Section name and folder (e.g. `chats`). */
  readonly name: string;
  /** The kind's own version, written in the manifest. */
  readonly version: number;
  /** Exported only with `includeRuns`. */
  readonly withRuns?: boolean;
  /** Item ids, in export (and restore) order. */
  list(): string[];
  /** The item's files, or null when it disappeared since the export was planned. */
  exportItem(id: string): Promise<ExportedItem | null>;
  /** Secret values of every item by item id (called once, when the export is requested). */
  secrets?(): Promise<Record<string, Record<string, string>>>;
  /** True when an item with this id exists here. */
  exists(id: string): boolean;
  /**
   * A fresh id for an item whose id is taken here (merge, docs/decisions/2750); `taken(candidate)`
   * says whether a candidate is already used here or by this restore. Absent: the kind's ids
   * cannot be remapped and a colliding item is skipped.
   */
  newId?(id: string, taken: (candidate: string) => boolean): string;
  /**
   * The id an item takes because of other kinds' remapping (a skill scoped to a remapped
   * character), or absent when its id is its own.
   */
  derivedId?(id: string, remap: IdRemap): string;
  /**
   * Imports one item whole or not at all (an AppError leaves nothing of it behind). With
   * `replace` the existing item is replaced in the same transaction.
   */
  importItem(item: ArchivedItem, context: ImportContext): Promise<void>;
}

/** Why an item was refused: its AppError. */
export type RefusalError = AppError;
