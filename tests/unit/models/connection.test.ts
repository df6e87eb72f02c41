/** Connection field rules (src/domain/models/connection.ts). */
import { describe, expect, it } from "vitest";
import { apiKeyHint, checkApiKey, normalizeBaseUrl, providerFormatOf } from "../../../src/domain/models/connection";
import { AppError } from "../../../src/domain/errors";

describe("model connection rules", () => {
  it("shows only the last 4 characters of a key, and nothing of a short key", () => {
    expect(apiKeyHint("sk-proj-abcdefgh1234")).toBe("1234");
    expect(apiKeyHint("short")).toBe("");
    expect(apiKeyHint("")).toBe("");
  });

  it("refuses keys an HTTP header cannot carry (non-ASCII, line breaks) with model.api_key_invalid", () => {
    for (const key of ["sk-測試金鑰", "sk-abc\ndef", "sk-ａｂｃ", "sk-é"]) {
      let code: string | undefined;
      try {
        checkApiKey("openai", key);
      } catch (error) {
        code = (error as AppError).code;
        expect((error as AppError).message).not.toContain(key);
      }
      expect(code, key).toBe("model.api_key_invalid");
    }
    expect(checkApiKey("openai", "  sk-proj-AZaz09_-.~+/=  ")).toBe("sk-proj-AZaz09_-.~+/=");
  });

  it("requires a key except for openai-compatible endpoints", () => {
    expect(() => checkApiKey("openai", "  ")).toThrow(AppError);
    expect(checkApiKey("openai-compatible", "")).toBe("");
  });

  it("normalizes base URLs and refuses userinfo, queries and other schemes", () => {
    expect(normalizeBaseUrl("openai-compatible", "http://127.0.0.1:11434/v1/")).toBe("http://127.0.0.1:11434/v1");
    expect(normalizeBaseUrl("anthropic", "")).toBeNull();
    expect(() => normalizeBaseUrl("openai-compatible", "")).toThrow(/base URL/);
    expect(() => normalizeBaseUrl("openai", "https://user:pw@api.example.com/v1")).toThrow(/key field/);
    expect(() => normalizeBaseUrl("openai", "https://api.example.com/v1?key=1")).toThrow(/query/);
    expect(() => normalizeBaseUrl("openai", "ftp://api.example.com")).toThrow(/http/);
  });

  it("maps providers to contract provider formats", () => {
    expect(
      ["openai", "openai-responses", "anthropic", "google", "openai-compatible"].map((p) =>
        providerFormatOf(p as never),
      ),
    ).toEqual(["openai_compatible", "openai_responses", "claude_messages", "gemini", "openai_compatible"]);
  });
});
