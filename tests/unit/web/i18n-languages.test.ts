/** Language choice (web/src/i18n/languages.ts): browser tags map onto en, zh-CN or zh-TW. */
import { describe, expect, it } from "vitest";
import { pickLanguage } from "../../../web/src/i18n/languages";

describe("pickLanguage", () => {
  it("maps the tags browsers report to the three catalogues", () => {
    expect(pickLanguage("en-US")).toBe("en");
    expect(pickLanguage("en")).toBe("en");
    for (const tag of ["zh", "zh-CN", "zh-Hans", "zh-SG", "zh-Hans-CN", "zh_CN"])
      expect(pickLanguage(tag)).toBe("zh-CN");
    for (const tag of ["zh-TW", "zh-Hant", "zh-HK", "zh-MO", "zh-Hant-TW", "ZH-tw"])
      expect(pickLanguage(tag)).toBe("zh-TW");
    expect(pickLanguage("fr-FR")).toBeNull();
    expect(pickLanguage("")).toBeNull();
  });
});
