/**
 * Frozen-prefix fingerprints for agent commits (issue [chats] "Concurrency"; docs/spec/workspace.md §3).
 *
 * A run freezes the first `length` messages of its chat as its input. The fingerprint is a 64-bit
 * FNV-1a digest (two 32-bit lanes, hex) over `length` and each `messageId:revision` pair, so an
 * edit, delete or reorder inside the prefix changes it, while appends after it do not. It is a
 * change detector over the user's own data, not a security hash; it is computed synchronously so
 * the check and the write happen in one uninterrupted step of the Durable Object.
 */

/** A frozen input prefix: the first `length` messages and their fingerprint. */
export interface FrozenPrefix {
  length: number;
  digest: string;
}

/** Digest of `(messageId, revision)` pairs in order. */
export function prefixDigest(entries: ReadonlyArray<{ messageId: string; revision: number }>): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ entries.length;
  const feed = (text: string) => {
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
    }
  };
  feed(`${entries.length}\n`);
  for (const entry of entries) feed(`${entry.messageId}:${entry.revision}\n`);
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}
