/**
 * The language switcher (header and signed-out pages): each language named in itself, the choice
 * applied at once and remembered on this device (docs/spec/i18n.md).
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage, setLanguage } from "../i18n/i18n";
import { LANGUAGES, type Language } from "../i18n/languages";

export function LanguagePicker() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {t("common.language")}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        onChange={(e) => void setLanguage(e.target.value as Language)}
        title={t("common.language")}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
