/**
 * Shown when a save was refused with 409 `mcp.registration_conflict`: the newer version another
 * device saved (from `details.current`) and a choice to re-apply this form over it or keep it.
 */
import { Trans, useTranslation } from "react-i18next";
import { endpointForDisplay } from "./display";
import type { McpServer } from "./types";

export function ConflictNote({
  current,
  onReapply,
  onKeep,
  busy,
}: {
  current: McpServer;
  onReapply(): void;
  onKeep(): void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="notice" role="alert">
      <p>
        <strong>{t("mcp.conflict.title")}</strong> {t("mcp.conflict.revision", { revision: current.revision })}
      </p>
      <p className="muted">
        {t("mcp.conflict.newer", { name: current.displayName })} · <code>{endpointForDisplay(current.endpoint)}</code> ·{" "}
        {t("mcp.conflict.protocol", { version: current.protocolVersion })} ·{" "}
        {t("mcp.conflict.headers", { count: Object.keys(current.headers).length })} ·{" "}
        {t(current.state === "active" ? "mcp.row.active" : "mcp.row.paused")}
      </p>
      <div className="row">
        <button type="button" className="btn btn-primary" onClick={onReapply} disabled={busy}>
          {t("mcp.conflict.reapply")}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onKeep} disabled={busy}>
          {t("mcp.conflict.keep")}
        </button>
      </div>
    </div>
  );
}
