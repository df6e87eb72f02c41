/**
 * The prompt builder's token estimate (docs/decisions/1900) against a real BPE tokenizer
 * (gpt-tokenizer, o200k_base; a dev dependency only): never far below the real count (the budget
 * would overflow) and not wastefully above it.
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { estimateTokens } from "../../../src/domain/prompt/token-estimate";

const SAMPLES: Record<string, string> = {
  english:
    'The dragon slept beneath the mountain for a thousand years, dreaming of gold and fire. When the knight arrived, she found only silence and the soft glow of embers in the dark. "Who goes there?" rumbled a voice like distant thunder.',
  chinese:
    "龙在山下沉睡了一千年，梦见了黄金和火焰。当骑士到达时，她只发现了寂静和黑暗中余烬的柔和光芒。“谁在那里？”一个像远处雷声一样的声音隆隆作响。",
  japanese:
    "ドラゴンは千年の間、山の下で眠り、金と炎の夢を見ていた。騎士が到着したとき、彼女が見つけたのは静寂だけだった。",
  russian: "Дракон спал под горой тысячу лет, мечтая о золоте и огне. Когда рыцарь прибыл, она нашла лишь тишину.",
  json: JSON.stringify(
    {
      outcome: "known_response",
      response: {
        kind: "tool_result",
        isError: false,
        textBlocks: [{ index: 0, text: "Echo: hi there" }],
        diagnostics: [],
      },
    },
    null,
    2,
  ),
  code: "function add(a, b) {\n  return a + b; // sum\n}\nconst x = add(1, 2);\nconsole.log(`x=${x}`);",
  mixed: "User: 你好! How are you today? 我很好，谢谢。Let's write a story about 龙 (dragons).",
};

describe("token estimate", () => {
  for (const [name, text] of Object.entries(SAMPLES)) {
    it(`${name}: within 0.85–1.4× of o200k_base`, () => {
      const real = countTokens(text);
      const ratio = estimateTokens(text) / real;
      expect(ratio).toBeGreaterThanOrEqual(0.85);
      expect(ratio).toBeLessThanOrEqual(1.4);
    });
  }

  it("is 0 for empty text and grows with length", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("a".repeat(400))).toBe(100);
    expect(estimateTokens("龙".repeat(100))).toBe(100);
  });
});
