/** Chat and message identifiers (random, from the platform CSPRNG). */

/** A new chat id (the chat's `stableChatId`): a v4 UUID, 36 chars. */
export function newChatId(): string {
  return crypto.randomUUID();
}

/** A new message id: `m` + 16 lower-case hex chars (64 random bits), immutable for the message. */
export function newMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `m${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The SQLite expression that makes the same shape of id inside a statement (duplicate). */
export const SQL_NEW_MESSAGE_ID = "'m' || lower(hex(randomblob(8)))";
