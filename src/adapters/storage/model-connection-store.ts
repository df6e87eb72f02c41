/** SQLite rows of model connections (schema v5). The API key column holds a sealed envelope (JSON). */
import type { ConnectionDefaults, ModelConnectionRecord, ModelProvider } from "../../domain/models/connection";
import type { ModelConnectionRepository, StoredModelConnection } from "../../ports/model-connection-repository";
import type { SealedSecret } from "../../ports/secret-cipher";
import { insertRow, type RowValues, updateRow } from "./row-write";

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

export class SqlModelConnectionStore implements ModelConnectionRepository {
  constructor(private readonly sql: SqlStorage) {}

  list(): StoredModelConnection[] {
    return this.sql.exec("SELECT * FROM te_model_connections ORDER BY created_at, id").toArray().map(toStored);
  }

  get(id: string): StoredModelConnection | null {
    const row = this.sql.exec("SELECT * FROM te_model_connections WHERE id = ?", id).toArray()[0];
    return row ? toStored(row) : null;
  }

  getDefault(): StoredModelConnection | null {
    const row = this.sql.exec("SELECT * FROM te_model_connections WHERE is_default = 1").toArray()[0];
    return row ? toStored(row) : null;
  }

  count(): number {
    return Number(this.sql.exec("SELECT COUNT(*) AS n FROM te_model_connections").one().n);
  }

  /** A new connection, never the default at first (setDefault makes it one). */
  insert(stored: StoredModelConnection): void {
    insertRow(this.sql, "te_model_connections", { ...rowOf(stored), is_default: 0 });
  }

  /** Every column but `is_default` and `created_at`. */
  update(stored: StoredModelConnection): void {
    updateRow(this.sql, "te_model_connections", rowOf(stored));
  }

  delete(id: string): boolean {
    return this.sql.exec("DELETE FROM te_model_connections WHERE id = ? RETURNING id", id).toArray().length > 0;
  }

  setDefault(id: string | null): void {
    this.sql.exec("UPDATE te_model_connections SET is_default = 0 WHERE is_default = 1");
    if (id !== null) this.sql.exec("UPDATE te_model_connections SET is_default = 1 WHERE id = ?", id);
  }
}
