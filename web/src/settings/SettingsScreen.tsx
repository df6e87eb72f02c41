/** Settings (docs/spec/data-portability.md): export everything of the account, restore from a file. */
import { useTranslation } from "react-i18next";
import { ExportSection } from "./ExportSection";
import { RestoreSection } from "./RestoreSection";
import "./settings.css";

export function SettingsScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen settings-screen">
      <header>
        <h1>{t("settings.title")}</h1>
        <p className="muted">{t("settings.intro")}</p>
      </header>
      <ExportSection />
      <RestoreSection />
    </div>
  );
}
