/**
 * The expanded server (docs/spec/mcp-platform.md §15.2): auto-discovers once when active and not yet
 * discovered; shows server info, negotiated protocol, catalog age, Refresh, discovery diagnostics,
 * bulk permissions (all tools or the selected ones), the tools and the stale tools. Permissions come from the live registration, so a change on
 * another device shows at once.
 */
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { BulkPermissions } from "./BulkPermissions";
import { Diagnostics } from "./Diagnostics";
import { ageOf } from "./display";
import { StaleTools } from "./StaleTools";
import { useMcp } from "./store";
import { ToolItem } from "./ToolItem";
import type { McpServer } from "./types";

export function ServerConsole({ id, server }: { id: string; server: McpServer }) {
  const { t } = useTranslation();
  const { discovery, discover } = useMcp();
  const state = discovery[server.id];
  const [selected, setSelected] = useState<string[]>([]);
  const select = (nativeName: string, on: boolean) =>
    setSelected((current) =>
      on ? [...current.filter((n) => n !== nativeName), nativeName] : current.filter((n) => n !== nativeName),
    );
  const active = server.state === "active";
  const shouldAuto = active && !state;
  useEffect(() => {
    if (shouldAuto) void discover(server.id);
  }, [shouldAuto, discover, server.id]);
  const result = state?.result;
  const names = new Set(result?.tools.map((t) => t.nativeName) ?? []);
  const stale = result ? Object.entries(server.toolPermissions).filter(([name]) => !names.has(name)) : [];
  return (
    <div className="mcp-console" id={id} aria-busy={state?.busy ?? false}>
      {!active && <p className="muted">{t("mcp.console.pausedNote")}</p>}
      {state?.busy && (
        <p role="status">
          <span className="spinner" aria-hidden="true" />{" "}
          {result ? t("mcp.console.refreshing") : t("mcp.console.discovering")}
        </p>
      )}
      {state?.error && (
        <div className="stack">
          <ErrorNote error={state.error} />
          {active && (
            <div>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void discover(server.id, { refresh: true })}
              >
                {t("common.retry")}
              </button>
            </div>
          )}
        </div>
      )}
      {result && (
        <>
          <div className="card-head mcp-console-head">
            <div>
              <strong data-testid="mcp-server-info">
                {result.serverName
                  ? `${result.serverName}${result.serverVersion ? ` ${result.serverVersion}` : ""} · `
                  : ""}
                MCP {result.protocolVersion}
              </strong>
              <div className="device-meta">
                {t("mcp.console.toolCount", { count: result.tools.length })} ·{" "}
                {t("mcp.console.fetched", { age: ageOf(result.fetchedAt) || "—" })}
              </div>
            </div>
            <BusyButton
              busy={state?.busy ?? false}
              busyLabel={t("mcp.console.refreshBusy")}
              disabled={!active}
              onClick={() => void discover(server.id, { refresh: true })}
            >
              {t("mcp.console.refresh")}
            </BusyButton>
          </div>
          <p className="note mcp-ask-note">
            <Trans i18nKey="mcp.console.askNote" components={{ strong: <strong /> }} />
          </p>
          <Diagnostics diagnostics={result.diagnostics} />
          <BulkPermissions
            server={server}
            toolNames={result.tools.map((tool) => tool.nativeName)}
            selected={selected.filter((name) => names.has(name))}
            clearSelection={() => setSelected([])}
          />
          {result.tools.length === 0 && <p className="muted">{t("mcp.console.noTools")}</p>}
          <ul className="mcp-tools" aria-label={t("mcp.console.toolsOf", { name: server.displayName })}>
            {result.tools.map((tool) => (
              <ToolItem
                key={tool.nativeName}
                server={server}
                tool={tool}
                selected={selected.includes(tool.nativeName)}
                onSelect={select}
              />
            ))}
          </ul>
          <StaleTools server={server} stale={stale} />
        </>
      )}
      {active && !state && <p className="muted">{t("mcp.console.notDiscovered")}</p>}
    </div>
  );
}
