/**
 * Port: chat generation records (`te_chat_generations`, schema v15; docs/spec/generation.md).
 * Synchronous SQLite calls: a read-check-write runs without other requests interleaving.
 */
import type { GenerationError, GenerationRecord, GenerationState, GenerationStatus } from "../domain/generation/state";

export interface GenerationStore {
  insert(record: GenerationRecord): void;
  get(generationId: string): GenerationRecord | null;
  /** The chat's generation that is `running` or `stopping`, if any. */
  activeForChat(chatId: string): GenerationRecord | null;
  /** Every `running` / `stopping` generation (resumed by their lease job after a restart). */
  active(): GenerationRecord[];
  writeState(generationId: string, state: GenerationState, now: number): void;
  setStatus(generationId: string, status: GenerationStatus, now: number): void;
  /** Text, reasoning and lastSeq of the current round. */
  writeStream(generationId: string, text: string, reasoning: string, lastSeq: number, now: number): void;
  finish(
    generationId: string,
    status: GenerationStatus,
    messageIds: string[],
    error: GenerationError | null,
    now: number,
  ): void;
  delete(generationId: string): void;
  /** Deletes ended records older than `before` (ms); returns how many. */
  purgeEnded(before: number): number;
}
