/** Schema v5: model connections (issue [model-gateway]); API keys sealed (docs/spec/hosted.md §4). */
import type { MigrationStep } from "../migration-step";

export const modelConnectionsSchema: MigrationStep = {
  version: 5,
  name: "model-connections",
  up(sql) {
    sql.exec(`CREATE TABLE te_model_connections (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, provider TEXT NOT NULL, base_url TEXT,
      model_id TEXT NOT NULL, defaults_json TEXT NOT NULL, is_default INTEGER NOT NULL DEFAULT 0,
      api_key_hint TEXT NOT NULL, api_key_sealed TEXT NOT NULL,
      created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`);
    sql.exec(
      `CREATE UNIQUE INDEX te_model_connections_one_default ON te_model_connections(is_default) WHERE is_default = 1`,
    );
  },
};
