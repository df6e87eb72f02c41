/**
 * Wording a Chinese-speaking SillyTavern user reads (docs/spec/i18n.md): Agent profiles are
 * 配置 (zh-CN) / 設定檔 (zh-TW), never 预设/預設, which those users read as a SillyTavern
 * *preset* (zh-CN) or as "default" (zh-TW, also the default-connection badge); the zh-TW
 * catalogue uses Taiwan wording, not mainland terms.
 */
import { describe, expect, it } from "vitest";
import { RESOURCES } from "../../../web/src/i18n/locales";

function flatten(value: unknown, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof child === "string") out[full] = child;
    else Object.assign(out, flatten(child, full));
  }
  return out;
}

const cat = (lng: "zh-CN" | "zh-TW") => flatten((RESOURCES as unknown as Record<string, Record<string, unknown>>)[lng]);

describe("Agent profile wording", () => {
  for (const [lng, term, preset] of [
    ["zh-CN", "配置", "预设"],
    ["zh-TW", "設定檔", "預設"],
  ] as const) {
    it(`${lng} calls profiles ${term} and keeps ${preset} only for presets/defaults`, () => {
      const c = cat(lng);
      const keys = Object.keys(c);
      const profileKeys = keys.filter(
        (k) => /(^|\.)profiles?(\.|_|$)|profile/i.test(k) && !/preset|json\.help|currentPromptSnapshot/i.test(k),
      );
      expect(profileKeys.length).toBeGreaterThan(20);
      // The built-in profile's name "Default Writer" (預設寫手) is a "default" on purpose.
      for (const k of profileKeys) expect(c[k]?.replaceAll("預設寫手", ""), k).not.toContain(preset);
      expect(c["translation.shell.routes.profiles"]).toBe(term);
      expect(c["translation.profiles.title"]).toBe(`Agent ${term}`);
      expect(c["errors.agent.profile_not_found"]).toContain(term);
    });
  }
  it("zh-TW keeps 預設 for the default-connection badge", () => {
    const badge = Object.entries(cat("zh-TW")).find(([k]) => k === "translation.connections.row.default");
    expect(badge?.[1]).toBe("預設");
  });
});

describe("zh-TW uses Taiwan wording", () => {
  it("has no mainland terms or the 重新增立 typo", () => {
    const mainland = ["重新增立", "實現", "信息", "默認", "文件", "服務器", "網絡", "數據", "設置", "用戶名"];
    for (const [k, v] of Object.entries(cat("zh-TW")))
      for (const word of mainland) expect(v, `${k} contains ${word}`).not.toContain(word);
    expect(cat("zh-TW")["errors.auth.pairing_code_invalid"]).toContain("重新建立");
  });
});
