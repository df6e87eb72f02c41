/**
 * One server: health lamp (green active, grey paused, amber when discovery failed or never
 * succeeded: display.ts serverHealth), name, endpoint (userinfo hidden), negotiated protocol and catalog age;
 * Activate (through the confirm) / Pause, Edit (full-replacement form), Remove (confirm), and the
 * expand toggle that opens the discovery console (docs/spec/mcp-platform.md §15.2, §15.5–§15.7).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorText } from "../components/ErrorNote";
import { useAction } from "../state/use-action";
import { ActivateConfirm } from "./ActivateConfirm";
import { ageOf, endpointForDisplay, serverHealth } from "./display";
import { RemoveConfirm } from "./RemoveConfirm";
import { ServerConsole } from "./ServerConsole";
import { ServerForm } from "./ServerForm";
import { useMcp } from "./store";
import type { McpServer } from "./types";

type Mode = "view" | "edit" | "activate" | "remove";

export function ServerRow({ server }: { server: McpServer }) {
  const { t } = useTranslation();
  const { mcp, upsert, warnings, dismissWarnings, discovery } = useMcp();
  const [mode, setMode] = useState<Mode>("view");
  const [expanded, setExpanded] = useState(false);
  const pause = useAction(async () => upsert(await mcp.setState(server.id, "paused")));
  const active = server.state === "active";
  const health = serverHealth(server, discovery[server.id]);
  const age = ageOf(server.fetchedAt);
  const consoleId = `mcp-console-${server.id}`;
  const notes = warnings[server.id] ?? [];
  return (
    <li className="mcp-server" data-testid="mcp-server" data-server-id={server.id}>
      <div className="mcp-server-head">
        <span
          className={`lamp lamp-${health.lamp}`}
          role="img"
          aria-label={t(health.label)}
          title={t(health.label)}
          data-testid="mcp-server-lamp"
        />
        <div className="mcp-server-main">
          <div className="mcp-server-title">
            <span className="mcp-server-name" data-testid="mcp-server-name">
              {server.displayName}
            </span>
            <span
              className={`badge ${health.lamp === "active" ? "badge-active" : health.lamp === "warn" ? "badge-warn" : "badge-muted"}`}
            >
              {t(health.label)}
            </span>
            {server.headersUnavailable && <span className="badge badge-warn">{t("mcp.row.secretsUnreadable")}</span>}
          </div>
          <code className="mcp-endpoint">{endpointForDisplay(server.endpoint)}</code>
          {health.error && (
            <p className="mcp-server-error" role="status">
              <ErrorText error={health.error} />
            </p>
          )}
          <div className="device-meta">
            {server.negotiatedProtocolVersion
              ? t("mcp.row.negotiated", { version: server.negotiatedProtocolVersion })
              : t("mcp.row.protocol", {
                  version: server.protocolVersion === "auto" ? t("mcp.row.protocolAuto") : server.protocolVersion,
                })}
            {" · "}
            {age ? t("mcp.row.fetched", { age }) : t("mcp.row.notFetched")}
          </div>
        </div>
        {mode === "view" && (
          <div className="device-actions mcp-actions">
            {active ? (
              <BusyButton
                busy={pause.busy}
                busyLabel={t("mcp.row.pausing")}
                onClick={() => void pause.run()}
                aria-label={t("mcp.row.pauseLabel", { name: server.displayName })}
              >
                {t("mcp.row.pause")}
              </BusyButton>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => setMode("activate")}
                aria-label={t("mcp.row.activateLabel", { name: server.displayName })}
              >
                {t("mcp.row.activate")}
              </button>
            )}
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setMode("edit")}
              aria-label={t("mcp.row.editLabel", { name: server.displayName })}
            >
              {t("common.edit")}
            </button>
            <button
              type="button"
              className="btn btn-danger-outline"
              onClick={() => setMode("remove")}
              aria-label={t("mcp.row.removeLabel", { name: server.displayName })}
            >
              {t("common.remove")}
            </button>
            <button
              type="button"
              className="btn btn-ghost mcp-toggle"
              aria-expanded={expanded}
              aria-controls={consoleId}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? t("mcp.row.hideTools") : t("mcp.row.tools")}
              <span aria-hidden="true">{expanded ? " ▴" : " ▾"}</span>
            </button>
          </div>
        )}
      </div>
      {server.headersUnavailable && <p className="notice">{t("mcp.row.sealed")}</p>}
      {notes.length > 0 && (
        <div className="notice" role="status">
          {notes.map((w) => (
            <p key={w.code}>
              <ErrorText error={w} />
            </p>
          ))}
          <button type="button" className="btn btn-small" onClick={() => dismissWarnings(server.id)}>
            {t("common.dismiss")}
          </button>
        </div>
      )}
      {mode === "edit" && <ServerForm server={server} onDone={() => setMode("view")} />}
      {mode === "activate" && <ActivateConfirm server={server} onDone={() => setMode("view")} />}
      {mode === "remove" && <RemoveConfirm server={server} onDone={() => setMode("view")} />}
      {expanded && <ServerConsole id={consoleId} server={server} />}
    </li>
  );
}
