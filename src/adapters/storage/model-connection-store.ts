/** SQLite rows of model connections (schema v5). The API key column holds a sealed envelope (JSON). */
import { rememberBounded } from "../../domain/bounded-map";
import type { ConnectionDefaults, ModelConnectionRecord, ModelProvider } from "../../domain/models/connection";
import type { ModelConnectionRepository, StoredModelConnection } from "../../ports/model-connection-repository";
import type { SealedSecret } from "../../ports/secret-cipher";
import type { HotRows } from "./hot-rows";
import { insertRow, type RowValues, updateRow } from "./row-write";

/** Most connections kept in memory (a user has a handful; least recently read out first). */
const MAX_KEPT_CONNECTIONS = 16;
/** The key the default connection is kept under (ids are `conn_…`, never empty). */
const DEFAULT_KEY = "";

function toStored(row: Record<string, SqlStorageValue>): StoredModelConnection {
  const record: ModelConnectionRecord = {
    id: String(row.id),
    name: String(row.name),
    provider: String(row.provider) as ModelProvider,
    baseUrl: row.base_url === null ? null : String(row.base_url),
    modelId: String(row.model_id),
    defaults: JSON.parse(String(row.defaults_json)) as ConnectionDefaults,
    contextTokens: row.context_tokens === null || row.context_tokens === undefined ? null : Number(row.context_tokens),
    maxOutputTokens:
      row.max_output_tokens === null || row.max_output_tokens === undefined ? null : Number(row.max_output_tokens),
    isDefault: Number(row.is_default) === 1,
    apiKeyHint: String(row.api_key_hint),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
  return { record, apiKey: JSON.parse(String(row.api_key_sealed)) as SealedSecret };
}

function rowOf({ record, apiKey }: StoredModelConnection): RowValues {
  return {
    id: record.id,
    name: record.name,
    provider: record.provider,
    base_url: record.baseUrl,
    model_id: record.modelId,
    defaults_json: JSON.stringify(record.defaults),
    context_tokens: record.contextTokens,
    max_output_tokens: record.maxOutputTokens,
    api_key_hint: record.apiKeyHint,
    api_key_sealed: JSON.stringify(apiKey),
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

/**
 * Model connections in SQLite. With `hot` (the object's HotRows), connections read by id and the
 * default one are kept in memory (`keep("model-connections")`): every agent round resolves its
 * connection, and the rows change only through this store, whose writes drop them, or with a
 * rolled-back transaction or a restore, which HotRows drops them for (docs/decisions/3700).
 * Unknown ids are never kept. Values handed out are shared: callers must not mutate them.
 */
export class SqlModelConnectionStore implements ModelConnectionRepository {
  private readonly kept: Map<string, StoredModelConnection> | null;

  constructor(
    private readonly sql: SqlStorage,
    hot?: HotRows,
  ) {
    this.kept = hot ? hot.keep<StoredModelConnection>("model-connections") : null;
  }

  list(): StoredModelConnection[] {
    return this.sql.exec("SELECT * FROM te_model_connections ORDER BY created_at, id").toArray().map(toStored);
  }

  get(id: string): StoredModelConnection | null {
    return this.keptRow(id, () => this.sql.exec("SELECT * FROM te_model_connections WHERE id = ?", id));
  }

  getDefault(): StoredModelConnection | null {
    return this.keptRow(DEFAULT_KEY, () => this.sql.exec("SELECT * FROM te_model_connections WHERE is_default = 1"));
  }

  count(): number {
    return Number(this.sql.exec("SELECT COUNT(*) AS n FROM te_model_connections").one().n);
  }

  /** A new connection, never the default at first (setDefault makes it one). */
  insert(stored: StoredModelConnection): void {
    insertRow(this.sql, "te_model_connections", { ...rowOf(stored), is_default: 0 });
    this.kept?.clear();
  }

  /** Every column but `is_default` and `created_at`. */
  update(stored: StoredModelConnection): void {
    updateRow(this.sql, "te_model_connections", rowOf(stored));
    this.kept?.clear();
  }

  delete(id: string): boolean {
    this.kept?.clear();
    return this.sql.exec("DELETE FROM te_model_connections WHERE id = ? RETURNING id", id).toArray().length > 0;
  }

  setDefault(id: string | null): void {
    this.kept?.clear();
    this.sql.exec("UPDATE te_model_connections SET is_default = 0 WHERE is_default = 1");
    if (id !== null) this.sql.exec("UPDATE te_model_connections SET is_default = 1 WHERE id = ?", id);
  }

  /** The kept connection under `key`, else the first row `read` gives (kept when there is one). */
  private keptRow(
    key: string,
    read: () => SqlStorageCursor<Record<string, SqlStorageValue>>,
  ): StoredModelConnection | null {
    const known = this.kept?.get(key);
    if (known) return known;
    const row = read().toArray()[0];
    if (!row) return null;
    const stored = toStored(row);
    if (this.kept) rememberBounded(this.kept, key, stored, MAX_KEPT_CONNECTIONS);
    return stored;
  }
}
