/**
 * newMessageId draws its random bytes from a pool (src/domain/chats/ids.ts): ids keep their shape
 * and stay distinct across refills of the pool.
 */
import { describe, expect, it } from "vitest";
import { newMessageId } from "../../../src/domain/chats/ids";

describe("newMessageId", () => {
  it("makes distinct m + 16 hex ids across many pool refills", () => {
    const ids = Array.from({ length: 5000 }, () => newMessageId());
    for (const id of ids) expect(id).toMatch(/^m[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Every hex digit shows up in every position: the bytes are not reused or left zero.
    for (let at = 1; at <= 16; at += 1) expect(new Set(ids.map((id) => id[at])).size).toBe(16);
  });
});
