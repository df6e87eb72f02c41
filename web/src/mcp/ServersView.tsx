/**
 * The server list view: storage issues first (rows the server could not read), a toolbar (count,
 * Add server), the add panel, and one row per server sorted by name (docs/spec/mcp-platform.md §15.1–§15.2).
 */
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ErrorNote } from "../components/ErrorNote";
import { AddServerPanel } from "./AddServerPanel";
import { ServerRow } from "./ServerRow";
import { StorageIssues } from "./StorageIssues";
import { useMcp } from "./store";

export function ServersView() {
  const { t } = useTranslation();
  const { servers, storageIssues, loading, loadError, reload } = useMcp();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <StorageIssues issues={storageIssues} />
      <ErrorNote error={loadError} />
      <div className="card-head mcp-toolbar">
        <p className="muted">
          {servers === null ? t("mcp.list.loading") : t("mcp.list.count", { count: servers.length })} ·{" "}
          {t("mcp.list.summary")}
        </p>
        <div className="row">
          <button type="button" className="btn btn-ghost" onClick={() => void reload()} disabled={loading}>
            {t("common.reload")}
          </button>
          {!adding && (
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              {t("mcp.list.add")}
            </button>
          )}
        </div>
      </div>
      {adding && <AddServerPanel onClose={() => setAdding(false)} />}
      {servers !== null && servers.length === 0 && !adding && (
        <div className="card empty">
          <p>
            <Trans i18nKey="mcp.list.empty" components={{ code: <code /> }} />
          </p>
        </div>
      )}
      {servers !== null && servers.length > 0 && (
        <ul className="mcp-servers" aria-label={t("mcp.list.label")}>
          {servers.map((server) => (
            <ServerRow key={server.id} server={server} />
          ))}
        </ul>
      )}
    </>
  );
}
