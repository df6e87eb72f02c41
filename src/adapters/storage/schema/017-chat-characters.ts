/**
 * Schema v17: chats link a library character (issue [characters-lore]; docs/spec/characters.md §4).
 * te_chats gains `character_id`. Every existing chat with an embedded character gets its own
 * library character (a V2 card of the embedded fields), and the chat links to it; the embedded
 * copy stays as the chat's character summary (kept in step with the library on every change).
 */
import { newCharacterId } from "../../../domain/characters/ids";
import type { MigrationStep } from "../migration-step";

export const chatCharactersSchema: MigrationStep = {
  version: 17,
  name: "chat-characters",
  up(sql) {
    sql.exec("ALTER TABLE te_chats ADD COLUMN character_id TEXT");
    sql.exec("CREATE INDEX te_chats_character ON te_chats(character_id)");
    const rows = sql
      .exec("SELECT id, character_json, created_at FROM te_chats WHERE character_json IS NOT NULL")
      .toArray();
    for (const row of rows) {
      let embedded: Record<string, unknown>;
      try {
        embedded = JSON.parse(String(row.character_json)) as Record<string, unknown>;
      } catch {
        continue;
      }
      const name = typeof embedded.name === "string" && embedded.name.trim() ? embedded.name : "Character";
      const str = (v: unknown) => (typeof v === "string" ? v : "");
      const card = {
        spec: "chara_card_v2",
        spec_version: "2.0",
        data: {
          name,
          description: str(embedded.description),
          personality: str(embedded.personality),
          scenario: str(embedded.scenario),
          first_mes: str(embedded.firstMessage),
          mes_example: "",
          creator_notes: "",
          system_prompt: "",
          post_history_instructions: "",
          alternate_greetings: [],
          tags: [],
          creator: "",
          character_version: "",
          extensions: {},
        },
      };
      const id = newCharacterId();
      const at = Number(row.created_at);
      sql.exec(
        "INSERT INTO te_characters(id, name, revision, card_json, created_at, updated_at) VALUES(?, ?, 1, ?, ?, ?)",
        id,
        name,
        JSON.stringify(card),
        at,
        at,
      );
      sql.exec("UPDATE te_chats SET character_id = ? WHERE id = ?", id, row.id);
    }
  },
};
