/**
 * The id map of a merge (src/domain/data/id-remap.ts, docs/decisions/2750): identifiers are
 * rewritten where a value is an id, a ToolId or a scope; prose that mentions an id is left alone;
 * profile ids (people's names) only where a field names a profile.
 */
import { describe, expect, it } from "vitest";
import { IdRemap } from "../../../src/domain/data/id-remap";

const REG = "550e8400-e29b-41d4-a716-446655440000";
const REG2 = "9b2f1c3e-0000-4000-8000-000000000001";
const remap = new IdRemap({
  mcp: { [REG]: REG2 },
  chats: { "chat-old-uuid-0001": "chat-new-uuid-0002" },
  characters: { ch_0011223344: "ch_aabbccddee" },
  profiles: { writer: "writer-2" },
});

describe("IdRemap", () => {
  it("rewrites bare ids, ToolIds, scopes and keys", () => {
    expect(remap.string("chat-old-uuid-0001")).toBe("chat-new-uuid-0002");
    expect(remap.string(`mcp/${REG}:search:exact`)).toBe(`mcp/${REG2}:search:exact`);
    expect(remap.string("character:ch_0011223344")).toBe("character:ch_aabbccddee");
    expect(remap.json({ [`mcp/${REG}:search`]: { level: "allow" } })).toEqual({
      [`mcp/${REG2}:search`]: { level: "allow" },
    });
  });

  it("leaves prose, unknown ids and lookalikes alone", () => {
    const prose = `The chat chat-old-uuid-0001 was long.`;
    expect(remap.string(prose)).toBe(prose);
    expect(remap.string("chat-old-uuid-00011")).toBe("chat-old-uuid-00011");
    expect(remap.string("writer")).toBe("writer");
    expect(remap.json({ name: "writer" })).toEqual({ name: "writer" });
  });

  it("rewrites a profile id only where a field names a profile, or in profile:<id>", () => {
    expect(remap.json({ profileId: "writer", title: "writer" })).toEqual({ profileId: "writer-2", title: "writer" });
    expect(remap.string("writer", "profile_id")).toBe("writer-2");
    expect(remap.string("profile:writer")).toBe("profile:writer-2");
  });

  it("walks a JSON text column and keeps it byte for byte when nothing changed", () => {
    const untouched = '{ "a": 1.0, "b": "text" }';
    expect(remap.text(untouched)).toBe(untouched);
    expect(JSON.parse(remap.text(`{"stableChatId":"chat-old-uuid-0001","n":1}`))).toEqual({
      stableChatId: "chat-new-uuid-0002",
      n: 1,
    });
    expect(remap.idOf("mcp", REG)).toBe(REG2);
    expect(remap.idOf("mcp", REG2)).toBe(REG2);
    expect(new IdRemap().empty).toBe(true);
  });
});
