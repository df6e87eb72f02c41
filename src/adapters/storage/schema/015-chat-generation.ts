/**
 * Schema v15: plain chat generation (issue [chat-generation]; docs/spec/generation.md).
 * - te_model_connections gains `context_tokens` and `max_output_tokens` (NULL = the defaults in
 *   src/domain/models/context-budget.ts).
 * - te_message_tokens: the token count of one message at one revision (prompt builder cache; a
 *   row whose revision differs from the message's is stale and recounted).
 * - te_chat_generations: one row per generation: status, the persisted step-machine state (JSON),
 *   the last streamed text of the current round, saved message ids, error; kept 24 h after it ends.
 */
import type { MigrationStep } from "../migration-step";

export const chatGenerationSchema: MigrationStep = {
  version: 15,
  name: "chat-generation",
  up(sql) {
    sql.exec("ALTER TABLE te_model_connections ADD COLUMN context_tokens INTEGER");
    sql.exec("ALTER TABLE te_model_connections ADD COLUMN max_output_tokens INTEGER");
    sql.exec(`CREATE TABLE te_message_tokens (
      chat_id TEXT NOT NULL, message_id TEXT NOT NULL, revision INTEGER NOT NULL, tokens INTEGER NOT NULL,
      PRIMARY KEY (chat_id, message_id)) WITHOUT ROWID`);
    sql.exec(`CREATE TABLE te_chat_generations (
      id TEXT PRIMARY KEY, chat_id TEXT NOT NULL, status TEXT NOT NULL, generation_type TEXT NOT NULL,
      state_json TEXT NOT NULL, text TEXT NOT NULL DEFAULT '', reasoning TEXT NOT NULL DEFAULT '',
      last_seq INTEGER NOT NULL DEFAULT 0, message_ids_json TEXT NOT NULL DEFAULT '[]', error_json TEXT,
      created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, ended_at INTEGER)`);
    sql.exec("CREATE INDEX te_chat_generations_chat ON te_chat_generations(chat_id, status)");
  },
};
