/**
 * The languages of the web client (docs/spec/i18n.md): English, Simplified Chinese (zh-CN) and
 * Traditional Chinese as used in Taiwan (zh-TW). `pickLanguage` maps any BCP 47 tag a browser
 * reports onto one of them, or null when none fits (the next preference is tried, then English).
 */
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "zh-CN", name: "简体中文" },
  { code: "zh-TW", name: "繁體中文" },
] as const;

export type Language = (typeof LANGUAGES)[number]["code"];

/** The localStorage key that remembers this device's choice. */
export const LANGUAGE_KEY = "tavernedge.language";

export const FALLBACK_LANGUAGE: Language = "en";

/**
 * `en-GB` → `en`; `zh`, `zh-Hans`, `zh-SG`, `zh-Hans-CN` → `zh-CN`; `zh-Hant`, `zh-HK`, `zh-MO`,
 * `zh-Hant-TW` → `zh-TW`; anything else → null. Case-insensitive; `_` accepted for `-`.
 */
export function pickLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const parts = tag.replace(/_/g, "-").toLowerCase().split("-");
  if (parts[0] === "en") return "en";
  if (parts[0] !== "zh") return null;
  const rest = parts.slice(1);
  if (rest.includes("hant") || rest.some((p) => p === "tw" || p === "hk" || p === "mo")) return "zh-TW";
  return "zh-CN";
}
