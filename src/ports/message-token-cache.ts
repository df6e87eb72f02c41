/**
 * Port: per-message token counts kept between sends (docs/spec/generation.md "Prompt"), so a long
 * chat is never recounted on every send. A count belongs to one message revision; a count of an
 * older revision is stale. Implemented by src/adapters/storage/message-token-store.ts.
 */
export interface MessageTokenCache {
  /** Counts of the given messages that are stored for exactly the given revision. */
  read(chatId: string, messages: ReadonlyArray<{ messageId: string; revision: number }>): Map<string, number>;
  /** Stores counts (replacing older revisions). */
  write(chatId: string, counts: ReadonlyArray<{ messageId: string; revision: number; tokens: number }>): void;
}
