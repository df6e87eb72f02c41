/** "Add server" with two tabs: Manual (ServerForm) and JSON (JsonImport) — docs/spec/mcp-platform.md §15.4. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { JsonImport } from "./JsonImport";
import { ServerForm } from "./ServerForm";

export function AddServerPanel({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<"manual" | "json">("manual");
  return (
    <section className="card" aria-labelledby="add-server-title">
      <h2 id="add-server-title">{t("mcp.add.title")}</h2>
      <div className="mcp-segmented" role="tablist" aria-label={t("mcp.add.how")}>
        <button type="button" role="tab" aria-selected={tab === "manual"} onClick={() => setTab("manual")}>
          {t("mcp.add.manual")}
        </button>
        <button type="button" role="tab" aria-selected={tab === "json"} onClick={() => setTab("json")}>
          {t("mcp.add.json")}
        </button>
      </div>
      <div role="tabpanel">{tab === "manual" ? <ServerForm onDone={onClose} /> : <JsonImport onDone={onClose} />}</div>
    </section>
  );
}
