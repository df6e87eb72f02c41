/** SQLite `te_chat_generations` (schema v15): the GenerationStore port. */
import type {
  GenerationError,
  GenerationRecord,
  GenerationState,
  GenerationStatus,
  GenerationType,
} from "../../domain/generation/state";
import type { GenerationStore } from "../../ports/generation-store";

type Row = Record<string, SqlStorageValue>;

function toRecord(row: Row): GenerationRecord {
  return {
    generationId: String(row.id),
    chatId: String(row.chat_id),
    status: String(row.status) as GenerationStatus,
    generationType: String(row.generation_type) as GenerationType,
    state: JSON.parse(String(row.state_json)) as GenerationState,
    text: String(row.text),
    reasoning: String(row.reasoning),
    lastSeq: Number(row.last_seq),
    messageIds: JSON.parse(String(row.message_ids_json)) as string[],
    error: row.error_json === null ? null : (JSON.parse(String(row.error_json)) as GenerationError),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
  };
}

export class SqlGenerationStore implements GenerationStore {
  constructor(private readonly sql: SqlStorage) {}

  insert(r: GenerationRecord): void {
    this.sql.exec(
      `INSERT INTO te_chat_generations(id, chat_id, status, generation_type, state_json, text, reasoning, last_seq,
       message_ids_json, error_json, created_at, updated_at, ended_at) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      r.generationId,
      r.chatId,
      r.status,
      r.generationType,
      JSON.stringify(r.state),
      r.text,
      r.reasoning,
      r.lastSeq,
      JSON.stringify(r.messageIds),
      r.error ? JSON.stringify(r.error) : null,
      r.createdAt,
      r.updatedAt,
      r.endedAt,
    );
  }

  get(generationId: string): GenerationRecord | null {
    const row = this.sql.exec("SELECT * FROM te_chat_generations WHERE id = ?", generationId).toArray()[0];
    return row ? toRecord(row) : null;
  }

  activeForChat(chatId: string): GenerationRecord | null {
    const row = this.sql
      .exec("SELECT * FROM te_chat_generations WHERE chat_id = ? AND status IN ('running', 'stopping') LIMIT 1", chatId)
      .toArray()[0];
    return row ? toRecord(row) : null;
  }

  active(): GenerationRecord[] {
    return this.sql
      .exec("SELECT * FROM te_chat_generations WHERE status IN ('running', 'stopping')")
      .toArray()
      .map(toRecord);
  }

  writeState(generationId: string, state: GenerationState, now: number): void {
    this.sql.exec(
      "UPDATE te_chat_generations SET state_json = ?, message_ids_json = ?, updated_at = ? WHERE id = ?",
      JSON.stringify(state),
      JSON.stringify(state.messageIds),
      now,
      generationId,
    );
  }

  setStatus(generationId: string, status: GenerationStatus, now: number): void {
    this.sql.exec("UPDATE te_chat_generations SET status = ?, updated_at = ? WHERE id = ?", status, now, generationId);
  }

  writeStream(generationId: string, text: string, reasoning: string, lastSeq: number, now: number): void {
    this.sql.exec(
      "UPDATE te_chat_generations SET text = ?, reasoning = ?, last_seq = ?, updated_at = ? WHERE id = ?",
      text,
      reasoning,
      lastSeq,
      now,
      generationId,
    );
  }

  finish(
    generationId: string,
    status: GenerationStatus,
    messageIds: string[],
    error: GenerationError | null,
    now: number,
  ): void {
    this.sql.exec(
      "UPDATE te_chat_generations SET status = ?, message_ids_json = ?, error_json = ?, updated_at = ?, ended_at = ? WHERE id = ?",
      status,
      JSON.stringify(messageIds),
      error ? JSON.stringify(error) : null,
      now,
      now,
      generationId,
    );
  }

  delete(generationId: string): void {
    this.sql.exec("DELETE FROM te_chat_generations WHERE id = ?", generationId);
  }

  purgeEnded(before: number): number {
    return this.sql
      .exec("DELETE FROM te_chat_generations WHERE ended_at IS NOT NULL AND ended_at < ? RETURNING id", before)
      .toArray().length;
  }
}
