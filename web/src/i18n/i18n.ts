/**
 * The web client's i18next instance (docs/spec/i18n.md; ADR 2800): catalogues bundled for `en`,
 * `zh-CN` and `zh-TW`; the language comes from this device's stored choice (localStorage
 * `tavernedge.language`), else the browser's preferences (navigator.languages), else English.
 * `setLanguage` switches and remembers it; <html lang> follows. Error sentences live in the
 * `errors` namespace keyed by the full dotted code (see errors.ts).
 */
import i18next from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import { RESOURCES } from "./locales";
import { FALLBACK_LANGUAGE, LANGUAGE_KEY, LANGUAGES, pickLanguage, type Language } from "./languages";

export const i18n = i18next.createInstance();

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: RESOURCES,
    supportedLngs: LANGUAGES.map((l) => l.code),
    fallbackLng: FALLBACK_LANGUAGE,
    load: "currentOnly",
    ns: ["translation", "errors"],
    defaultNS: "translation",
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    detection: {
      order: ["localStorage", "navigator"],
      lookupLocalStorage: LANGUAGE_KEY,
      caches: [],
      convertDetectedLanguage: (tag: string) => pickLanguage(tag) ?? tag,
    },
  });

/** The language in use, always one of LANGUAGES. */
export function currentLanguage(): Language {
  return pickLanguage(i18n.resolvedLanguage ?? i18n.language) ?? FALLBACK_LANGUAGE;
}

/** Switches the client's language and remembers it on this device. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
  await i18n.changeLanguage(language);
}

function syncDocument(): void {
  if (typeof document !== "undefined") document.documentElement.lang = currentLanguage();
}
i18n.on("languageChanged", syncDocument);
syncDocument();
