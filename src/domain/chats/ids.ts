/** Chat and message identifiers (random, from the platform CSPRNG). */

/** A new chat id (the chat's `stableChatId`): a v4 UUID, 36 chars. */
export function newChatId(): string {
  return crypto.randomUUID();
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));
/** Random bytes drawn 4 KiB at a time (an import makes thousands of ids; issue 31). */
const pool = new Uint8Array(4096);
let poolAt = pool.byteLength;

/** A new message id: `m` + 16 lower-case hex chars (64 random bits), immutable for the message. */
export function newMessageId(): string {
  if (poolAt + 8 > pool.byteLength) {
    crypto.getRandomValues(pool);
    poolAt = 0;
  }
  let id = "m";
  for (let end = poolAt + 8; poolAt < end; poolAt += 1) id += HEX[pool[poolAt]!];
  return id;
}

/** The SQLite expression that makes the same shape of id inside a statement (duplicate). */
export const SQL_NEW_MESSAGE_ID = "'m' || lower(hex(randomblob(8)))";
