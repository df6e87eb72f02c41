/**
 * Row groups for the account archive (ports/data-archive RowGroupStore;
 * docs/spec/data-portability.md §1): a run, a workspace's persistent states or an installed skill
 * is exported as its rows across every table that holds it, and restored by inserting them back.
 * An archive is untrusted input: only the tables listed here are written, only columns that exist
 * in the table (checked with `PRAGMA table_info`), only rows whose key columns equal the item's
 * key, and only text, numbers and null. Columns a newer server added and an older archive lacks
 * take their defaults. A BLOB column (a character's avatar chunks) is carried as a binary file of
 * the item (`bin/<n>`, named in the row), so the bytes come back exactly.
 */
import { AppError } from "../../domain/errors";
import type { GroupRows, RowGroup, RowGroupStore, RowValue } from "../../ports/data-archive";

interface GroupTable {
  table: string;
  keys: string[];
  /** Columns not carried (e.g. an AUTOINCREMENT order column, re-assigned on insert). */
  skip?: string[];
  orderBy?: string;
  /** BLOB columns, carried as binary files of the item. */
  binary?: string[];
}

const GROUPS: Record<RowGroup, GroupTable[]> = {
  run: [
    { table: "te_runs", keys: ["id"] },
    { table: "te_journal", keys: ["run_id"], orderBy: "seq" },
    { table: "te_agent_loop", keys: ["run_id"] },
    { table: "te_agent_docs", keys: ["run_id"] },
    { table: "te_agent_guidance", keys: ["run_id"] },
    { table: "te_ws_runs", keys: ["run_id"] },
    { table: "te_ws_files", keys: ["run_id"] },
    { table: "te_ws_read_state", keys: ["run_id"] },
    { table: "te_checkpoints", keys: ["run_id"], orderBy: "seq" },
    { table: "te_checkpoint_entries", keys: ["run_id"] },
    { table: "te_checkpoint_maps", keys: ["run_id"] },
    { table: "te_skill_run_reads", keys: ["run_id"] },
    { table: "te_agent_invocations", keys: ["run_id"] },
    { table: "te_agent_tasks", keys: ["run_id"] },
  ],
  workspace: [
    { table: "te_ws_persist_states", keys: ["workspace_id"], skip: ["ord"], orderBy: "ord" },
    { table: "te_ws_persist_files", keys: ["workspace_id"] },
    // The "restore to the next run" pointer (docs/spec/workspace.md §3.2.1).
    { table: "te_ws_persist_pointers", keys: ["workspace_id"] },
  ],
  skill: [
    { table: "te_skills", keys: ["scope", "name"] },
    { table: "te_skill_files", keys: ["scope", "name"] },
  ],
  // A character's card and its avatar's chunks (docs/spec/characters.md).
  character: [
    { table: "te_characters", keys: ["id"] },
    { table: "te_character_avatars", keys: ["character_id"], orderBy: "idx", binary: ["data"] },
  ],
  // A World Info book with its entries and attachments (docs/spec/worldinfo.md).
  book: [
    { table: "te_wi_books", keys: ["id"] },
    { table: "te_wi_entries", keys: ["book_id"] },
    { table: "te_wi_attachments", keys: ["book_id"] },
  ],
};

/** Tables whose `hash` column names a blob of the shared store. */
const BLOB_TABLES = new Set([
  "te_ws_files",
  "te_checkpoint_entries",
  "te_checkpoint_maps",
  "te_ws_persist_files",
  "te_skill_files",
]);

const KEY_SEPARATOR = "\u0000";

function keyValues(table: GroupTable, key: string): string[] {
  const parts = table.keys.length === 1 ? [key] : key.split(KEY_SEPARATOR);
  if (parts.length !== table.keys.length) throw invalid(`The item key ${JSON.stringify(key)} is not valid.`);
  return parts;
}

function invalid(message: string): AppError {
  return new AppError("data.item_invalid", message);
}

export class SqlRowGroupStore implements RowGroupStore {
  private readonly columns = new Map<string, Set<string>>();

  /**
   * `written` is called after every remove or load (also one that failed halfway): these writes go
   * around the stores that keep rows in memory (HotRows), which must forget them.
   */
  constructor(
    private readonly sql: SqlStorage,
    private readonly written: () => void = () => {},
  ) {}

  keys(group: RowGroup): string[] {
    const first = GROUPS[group][0]!;
    const select = first.keys.join(` || char(0) || `);
    return this.sql
      .exec(`SELECT DISTINCT ${select} AS k FROM ${first.table} ORDER BY k`)
      .toArray()
      .map((row) => String(row.k));
  }

  dump(group: RowGroup, key: string): { rows: GroupRows; blobs: string[]; files: Record<string, Uint8Array> } | null {
    if (!this.exists(group, key)) return null;
    const rows: GroupRows = {};
    const blobs = new Set<string>();
    const files: Record<string, Uint8Array> = {};
    let fileCount = 0;
    for (const table of GROUPS[group]) {
      const values = keyValues(table, key);
      const where = table.keys.map((k) => `${k} = ?`).join(" AND ");
      const order = table.orderBy ? ` ORDER BY ${table.orderBy}` : "";
      const list = this.sql.exec(`SELECT * FROM ${table.table} WHERE ${where}${order}`, ...values).toArray();
      if (list.length === 0) continue;
      rows[table.table] = list.map((row) => {
        const out: Record<string, RowValue> = {};
        for (const [column, value] of Object.entries(row)) {
          if (table.skip?.includes(column)) continue;
          if (value instanceof ArrayBuffer && table.binary?.includes(column)) {
            const name = `bin/${fileCount++}`;
            files[name] = new Uint8Array(value);
            out[column] = name;
            continue;
          }
          out[column] = value instanceof ArrayBuffer ? null : (value as RowValue);
        }
        if (BLOB_TABLES.has(table.table) && typeof row.hash === "string") blobs.add(row.hash);
        return out;
      });
    }
    return { rows, blobs: [...blobs].sort(), files };
  }

  exists(group: RowGroup, key: string): boolean {
    const first = GROUPS[group][0]!;
    const where = first.keys.map((k) => `${k} = ?`).join(" AND ");
    return (
      this.sql.exec(`SELECT 1 FROM ${first.table} WHERE ${where} LIMIT 1`, ...keyValues(first, key)).toArray().length >
      0
    );
  }

  remove(group: RowGroup, key: string): void {
    try {
      for (const table of GROUPS[group]) {
        const where = table.keys.map((k) => `${k} = ?`).join(" AND ");
        this.sql.exec(`DELETE FROM ${table.table} WHERE ${where}`, ...keyValues(table, key));
      }
    } finally {
      this.written();
    }
  }

  load(group: RowGroup, key: string, rows: GroupRows, file?: (name: string) => Uint8Array | null): void {
    try {
      this.loadRows(group, key, rows, file);
    } finally {
      this.written();
    }
  }

  private loadRows(group: RowGroup, key: string, rows: GroupRows, file?: (name: string) => Uint8Array | null): void {
    const tables = new Map(GROUPS[group].map((t) => [t.table, t]));
    for (const name of Object.keys(rows)) {
      if (!tables.has(name))
        throw invalid(`The archive names a table (${name.slice(0, 80)}) that a ${group} does not have.`);
    }
    for (const table of GROUPS[group]) {
      const list = rows[table.table];
      if (!Array.isArray(list)) continue;
      const known = this.columnsOf(table.table);
      const values = keyValues(table, key);
      for (const row of list) {
        if (row === null || typeof row !== "object" || Array.isArray(row))
          throw invalid(`A row of ${table.table} is not an object.`);
        const columns = Object.keys(row).filter((c) => !table.skip?.includes(c));
        for (const column of columns) {
          if (!known.has(column)) throw invalid(`${table.table} has no column ${column.slice(0, 80)} on this server.`);
          const value = row[column];
          if (value !== null && typeof value !== "string" && typeof value !== "number")
            throw invalid(`${table.table}.${column} holds a value of the wrong type.`);
        }
        table.keys.forEach((k, i) => {
          if (row[k] !== values[i]) throw invalid(`A row of ${table.table} belongs to another item.`);
        });
        const cells = columns.map((c): SqlStorageValue => {
          const value = row[c] ?? null;
          if (!table.binary?.includes(c) || value === null) return value;
          const bytes = typeof value === "string" && value.startsWith("bin/") ? (file?.(value) ?? null) : null;
          if (bytes === null)
            throw invalid(`The archive lacks the binary file ${String(value).slice(0, 40)} of ${table.table}.`);
          return bytes.slice().buffer;
        });
        this.sql.exec(
          `INSERT INTO ${table.table}(${columns.join(", ")}) VALUES(${columns.map(() => "?").join(", ")})`,
          ...cells,
        );
      }
    }
  }

  private columnsOf(table: string): Set<string> {
    let known = this.columns.get(table);
    if (!known) {
      known = new Set(
        this.sql
          .exec(`PRAGMA table_info(${table})`)
          .toArray()
          .map((r) => String(r.name)),
      );
      this.columns.set(table, known);
    }
    return known;
  }
}
