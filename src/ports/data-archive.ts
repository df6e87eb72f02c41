/**
 * Ports of account export and restore (docs/spec/data-portability.md): the job tables
 * (adapters/storage/data-export-store.ts, data-restore-store.ts), row groups (the rows of one run,
 * workspace or skill across their tables: adapters/storage/row-groups.ts) and the zip codec
 * (adapters/archive).
 */
import type { EncryptedSecrets, ExportOptions } from "../domain/data/archive-format";
import type { ErrorCode } from "../domain/errors";

/** An export job as stored. Times ms epoch; `done`/`total` count planned items. */
export interface ExportRecord {
  id: string;
  status: "running" | "ready" | "failed";
  options: ExportOptions;
  /** JSON of the passphrase-encrypted secrets (EncryptedSecrets), or null. */
  secrets: string | null;
  done: number;
  total: number;
  bytes: number;
  error: { code: ErrorCode; message: string } | null;
  createdAt: number;
  finishedAt: number | null;
  expiresAt: number;
}

export interface ExportStore {
  create(record: ExportRecord, units: Array<{ kind: string; itemId: string }>): void;
  get(id: string): ExportRecord | null;
  list(): ExportRecord[];
  /** Units from index `from` on (at most `limit`). */
  units(id: string, from: number, limit: number): Array<{ idx: number; kind: string; itemId: string }>;
  /** Drops unit `idx` (its item disappeared before it was written). */
  dropUnit(id: string, idx: number): void;
  /** True when an entry named `name` was written already (blob de-duplication). */
  hasEntry(id: string, name: string): boolean;
  /** Appends `local` to the archive bytes and keeps the entry's central record. */
  appendEntry(id: string, name: string, local: Uint8Array, central: Uint8Array): void;
  /** The central records in order. */
  centrals(id: string): Uint8Array[];
  /** Appends raw bytes (the central directory) to the archive. */
  appendBytes(id: string, data: Uint8Array): void;
  progress(id: string, done: number): void;
  finish(id: string, status: "ready" | "failed", at: number, error?: { code: ErrorCode; message: string }): void;
  /** Archive chunk `idx` (in order from 0), or null past the end. */
  chunk(id: string, idx: number): Uint8Array | null;
  remove(id: string): void;
  /** Ids of exports whose `expiresAt` ≤ `now`. */
  expired(now: number): string[];
}

/** A staged restore as stored. */
export interface RestoreRecord {
  id: string;
  status: "staging" | "previewed" | "running" | "done" | "failed";
  bytes: number;
  /** JSON of the manifest once previewed. */
  manifest: string | null;
  /** JSON of the preview answer. */
  preview: string | null;
  /** The secrets map sealed under DATA_KEY (JSON of a SealedSecret), or null. */
  secretsSealed: string | null;
  strategy: "merge" | "skip" | "replace" | null;
  /** JSON of the id map `{<kind>: {<archived id>: <id here>}}` of a merge (docs/decisions/2750), or null. */
  idMap: string | null;
  done: number;
  total: number;
  error: { code: ErrorCode; message: string } | null;
  createdAt: number;
  finishedAt: number | null;
  expiresAt: number;
}

/** One line of a restore report. */
export interface RestoreResult {
  kind: string;
  itemId: string;
  outcome: "imported" | "replaced" | "skipped" | "refused";
  /** The id the item was imported under when it is not its archived id (a merge remapped it). */
  newId: string | null;
  code: ErrorCode | null;
  message: string | null;
}

export interface RestoreStore {
  create(record: RestoreRecord): void;
  get(id: string): RestoreRecord | null;
  /** Appends staged bytes at the current end; returns the new size. */
  append(id: string, data: Uint8Array): number;
  /** `length` bytes from `offset` of the staged archive. */
  read(id: string, offset: number, length: number): Uint8Array;
  update(id: string, fields: Partial<Omit<RestoreRecord, "id">>): void;
  addResult(id: string, idx: number, result: RestoreResult): void;
  results(id: string): RestoreResult[];
  /** Drops the staged bytes (after the restore ran). */
  dropBytes(id: string): void;
  remove(id: string): void;
  expired(now: number): string[];
  /** Up to `limit` restores that ran (status running, done or failed), unexpired at `now`, newest first. */
  latestRun(now: number, limit: number): RestoreRecord[];
}

/**
 * A value of a dumped row. A BLOB column (e.g. avatar chunks) is dumped as the name of a binary
 * file of the item (`bin/<n>`), listed in the dump's `files`.
 */
export type RowValue = string | number | null;

/** Rows of one group by table. */
export type GroupRows = Record<string, Array<Record<string, RowValue>>>;

/** Row groups: every row of one item across the tables that hold it (docs/spec/data-portability.md §1). */
export type RowGroup = "run" | "workspace" | "skill" | "character" | "book";

export interface RowGroupStore {
  /** Item keys of a group (run ids; workspace ids that have persistent states; `scope\u0000name`). */
  keys(group: RowGroup): string[];
  /** The item's rows, the shared blobs they name and its binary files (`bin/<n>` → bytes). */
  dump(group: RowGroup, key: string): { rows: GroupRows; blobs: string[]; files: Record<string, Uint8Array> } | null;
  exists(group: RowGroup, key: string): boolean;
  /** Deletes every row of the item (not its blobs; the caller sweeps them). */
  remove(group: RowGroup, key: string): void;
  /**
   * Inserts the rows (synchronously; call inside a transaction). Throws `data.item_invalid` for a
   * table or column that is not part of the group, a row of another key, or a value of the wrong type.
   */
  load(group: RowGroup, key: string, rows: GroupRows, file?: (name: string) => Uint8Array | null): void;
}

/** Random access to a staged archive's bytes. */
export interface RangeSource {
  readonly size: number;
  read(offset: number, length: number): Uint8Array;
}

/** An entry of a zip's central directory. */
export interface ZipIndexEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The zip codec (adapters/archive) and passphrase box (adapters/crypto/passphrase-box). */
export interface ArchiveCodec {
  /** Deflates one entry that will start at `offset`: its local bytes and central record. */
  entry(name: string, data: Uint8Array, offset: number): { local: Uint8Array; central: Uint8Array };
  /** The central directory and end record. */
  end(centrals: Uint8Array[], centralOffset: number): Uint8Array;
  /** Errors: data.archive_invalid, data.archive_too_large, data.entry_too_large, data.compression_ratio_exceeded. */
  index(source: RangeSource): ZipIndexEntry[];
  read(source: RangeSource, entry: ZipIndexEntry): Uint8Array;
  encrypt(plaintext: string, passphrase: string): Promise<EncryptedSecrets>;
  /** Errors: data.passphrase_wrong, data.archive_invalid. */
  decrypt(secrets: EncryptedSecrets, passphrase: string): Promise<string>;
}

/**
 * The account's settings rows for the archive kind `settings` (docs/spec/data-portability.md §1):
 * `worldinfo` (the global World Info settings, te_wi_settings) and `user.<key>` (user-wide settings
 * such as the persona, te_user_settings). Values are JSON text.
 */
export interface SettingRowStore {
  /** Item ids of the settings stored here. */
  ids(): string[];
  /** The JSON text of a setting, or null when it is not stored. */
  read(id: string): string | null;
  /** Stores a setting's JSON text; throws `data.item_invalid` for an id that is not a setting. */
  write(id: string, json: string): void;
}
