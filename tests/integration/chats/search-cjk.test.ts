/**
 * Chat search with Chinese text (docs/spec/i18n.md §4, docs/spec/chats.md search): CJK needles
 * match as typed (only ASCII letters are case-folded), snippets cut around the hit on character
 * boundaries even after astral characters, and a mixed ASCII/CJK query folds only its ASCII part.
 */
import { describe, expect, it } from "vitest";
import { apiJson, createUser } from "../helpers";
import { appendMany, createChat } from "./chat-helpers";

const search = (token: string, chatId: string, q: string) =>
  apiJson(`/api/v1/chats/${chatId}/search?q=${encodeURIComponent(q)}`, { token, expectStatus: 200 });

describe("chats: search in Chinese", () => {
  it("finds CJK tool and character names with clean snippets; ASCII folds, Han characters do not", async () => {
    const { deviceToken: token } = await createUser();
    const chat = await createChat(token);
    const filler = "山谷里的风很冷。".repeat(20);
    await appendMany(token, chat.id, [
      `${filler}赛拉菲娜调用了查询天气工具，得知北京晴。${filler}`,
      "𠮷野家的𩸽定食很好吃，然后赛拉菲娜笑了。",
      "请用 MCP 工具查一下。",
      "這是繁體字的查詢天氣。",
    ]);

    const tool = await search(token, chat.id, "查询天气");
    expect(tool.hits.map((h: { index: number }) => h.index)).toEqual([0]);
    const snippet: string = tool.hits[0].snippet;
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain("赛拉菲娜调用了查询天气工具");
    expect(snippet).not.toContain("\uFFFD");

    const name = await search(token, chat.id, "赛拉菲娜");
    expect(name.hits.map((h: { index: number }) => h.index)).toEqual([1, 0]);
    // Astral characters (𠮷, 𩸽) before the hit do not split a surrogate pair in the snippet.
    expect(name.hits[0].snippet).toBe("𠮷野家的𩸽定食很好吃，然后赛拉菲娜笑了。");

    const mixed = await search(token, chat.id, "mcp 工具");
    expect(mixed.hits.map((h: { index: number }) => h.index)).toEqual([2]);

    // No Simplified/Traditional folding: each script finds only itself.
    const traditional = await search(token, chat.id, "查詢天氣");
    expect(traditional.hits.map((h: { index: number }) => h.index)).toEqual([3]);
  });
});
