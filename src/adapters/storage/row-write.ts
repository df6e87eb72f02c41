/**
 * INSERT and UPDATE of one row from a column → value map, so a store names its columns once for
 * both (docs/architecture.md "Storage"). Table and column names come from the store's own code,
 * never from input; values are always bound parameters.
 */

/** Column name → value of one row. */
export type RowValues = Readonly<Record<string, SqlStorageValue>>;

/** `INSERT INTO table(columns…) VALUES(?…)` with `values` in their key order. */
export function insertRow(sql: SqlStorage, table: string, values: RowValues): void {
  const columns = Object.keys(values);
  sql.exec(
    `INSERT INTO ${table}(${columns.join(", ")}) VALUES(${columns.map(() => "?").join(", ")})`,
    ...Object.values(values),
  );
}

/**
 * `UPDATE table SET column = ?… WHERE key = ?`: every column of `values` except the key and
 * `created_at` (set once, at insert), on the row whose `key` equals `values[key]`.
 */
export function updateRow(sql: SqlStorage, table: string, values: RowValues, key = "id"): void {
  const columns = Object.keys(values).filter((column) => column !== key && column !== "created_at");
  sql.exec(
    `UPDATE ${table} SET ${columns.map((column) => `${column} = ?`).join(", ")} WHERE ${key} = ?`,
    ...columns.map((column) => values[column]!),
    values[key]!,
  );
}

/** The columns of a named, revisioned library record (characters, World Info books): `id, name, revision, created_at, updated_at`. */
export function namedRevisionColumns(r: {
  id: string;
  name: string;
  revision: number;
  createdAt: number;
  updatedAt: number;
}): RowValues {
  return { id: r.id, name: r.name, revision: r.revision, created_at: r.createdAt, updated_at: r.updatedAt };
}
