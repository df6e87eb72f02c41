/** SQLite rows of model connections (schema v5). The API key column holds a sealed envelope (JSON). */
import type { ConnectionDefaults, ModelConnectionRecord, ModelProvider } from "../../domain/models/connection";
import type { ModelConnectionRepository, StoredModelConnection } from "../../ports/model-connection-repository";
import type { SealedSecret } from "../../ports/secret-cipher";

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

  insert({ record, apiKey }: StoredModelConnection): void {
    this.sql.exec(
      `INSERT INTO te_model_connections(id, name, provider, base_url, model_id, defaults_json, context_tokens, max_output_tokens, is_default, api_key_hint, api_key_sealed, created_at, updated_at)
       VALUES(?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
      record.id,
      record.name,
      record.provider,
      record.baseUrl,
      record.modelId,
      JSON.stringify(record.defaults),
      record.contextTokens,
      record.maxOutputTokens,
      record.apiKeyHint,
      JSON.stringify(apiKey),
      record.createdAt,
      record.updatedAt,
    );
  }

  update({ record, apiKey }: StoredModelConnection): void {
    this.sql.exec(
      `UPDATE te_model_connections SET name = ?, provider = ?, base_url = ?, model_id = ?, defaults_json = ?, context_tokens = ?,
       max_output_tokens = ?, api_key_hint = ?, api_key_sealed = ?, updated_at = ? WHERE id = ?`,
      record.name,
      record.provider,
      record.baseUrl,
      record.modelId,
      JSON.stringify(record.defaults),
      record.contextTokens,
      record.maxOutputTokens,
      record.apiKeyHint,
      JSON.stringify(apiKey),
      record.updatedAt,
      record.id,
    );
  }

  delete(id: string): boolean {
    return this.sql.exec("DELETE FROM te_model_connections WHERE id = ? RETURNING id", id).toArray().length > 0;
  }

  setDefault(id: string | null): void {
    this.sql.exec("UPDATE te_model_connections SET is_default = 0 WHERE is_default = 1");
    if (id !== null) this.sql.exec("UPDATE te_model_connections SET is_default = 1 WHERE id = ?", id);
  }
}
