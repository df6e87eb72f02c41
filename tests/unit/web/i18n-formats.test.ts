/**
 * Per-language formats and the browser test's leftover patterns (web/src/i18n/format.ts,
 * tests/browser/i18n-leftovers.ts): dates, counts and plurals follow the current language; the
 * English patterns match English catalogue text and skip what the translation keeps as is.
 */
import { afterEach, describe, expect, it } from "vitest";
import { formatCount, formatWhen } from "../../../web/src/i18n/format";
import { i18n } from "../../../web/src/i18n/i18n";
import { describeEvent } from "../../../web/src/runs/journal-lines";
import { englishPatterns } from "../../browser/i18n-leftovers";

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("formats follow the language", () => {
  it("dates, counts and plural journal lines in en, zh-CN and zh-TW", async () => {
    const when = "2026-03-04T05:06:07Z";
    expect(formatWhen(when)).toMatch(/2026/);
    expect(formatCount(12345)).toBe("12,345");
    expect(
      describeEvent({
        type: "context_assembled",
        payload: { request: { messageCount: 1, toolCount: 3 } },
        level: "info",
      }).text,
    ).toBe("Context ready: 1 message, 3 tools");
    await i18n.changeLanguage("zh-CN");
    expect(formatWhen(when)).toMatch(/^2026年3月\d{1,2}日/);
    expect(formatWhen(null)).toBe("从未");
    expect(
      describeEvent({ type: "model_completed", payload: { round: 2, toolCallCount: 3 }, level: "info" }).text,
    ).toBe("第 2 轮：模型调用了 3 个工具");
    expect(
      describeEvent({
        type: "workspace_file_written",
        payload: { path: "output/main.md", chars: 12345 },
        level: "info",
      }).text,
    ).toBe("已写入 output/main.md（12,345 个字符）");
    await i18n.changeLanguage("zh-TW");
    expect(formatWhen(null)).toBe("從未");
    expect(describeEvent({ type: "run_completed", payload: {}, level: "info" }).text).toBe("已完成");
  });
});

describe("the browser test's English patterns", () => {
  const matches = (text: string) =>
    englishPatterns()
      .filter(([, source]) => new RegExp(source, "s").test(text))
      .map(([key]) => key);

  it("match English catalogue text, with placeholders, and not the Chinese", () => {
    expect(matches("Add server")).toContain("mcp.list.add");
    expect(matches("3 servers")).toContain("mcp.list.count_other");
    expect(matches("Pause 天气服务")).toContain("mcp.row.pauseLabel");
    expect(matches("添加服务器")).toEqual([]);
    expect(matches("3 个服务器")).toEqual([]);
  });

  it("skip fragments the translation keeps (URLs, code) and texts equal in both languages", () => {
    expect(matches("https://example.com/mcp")).toEqual([]);
    expect(matches("Agent")).toEqual([]);
  });
});
