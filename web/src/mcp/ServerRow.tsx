/**
 * One server: state lamp, name, endpoint (userinfo hidden), negotiated protocol and catalog age;
 * Activate (through the confirm) / Pause, Edit (full-replacement form), Remove (confirm), and the
 * expand toggle that opens the discovery console (docs/spec/mcp-platform.md §15.2, §15.5–§15.7).
 */
import { useState } from "react";
import { BusyButton } from "../components/BusyButton";
import { useAction } from "../state/use-action";
import { ActivateConfirm } from "./ActivateConfirm";
import { ageOf, endpointForDisplay } from "./display";
import { RemoveConfirm } from "./RemoveConfirm";
import { ServerConsole } from "./ServerConsole";
import { ServerForm } from "./ServerForm";
import { useMcp } from "./store";
import type { McpServer } from "./types";

type Mode = "view" | "edit" | "activate" | "remove";

export function ServerRow({ server }: { server: McpServer }) {
  const { mcp, upsert, warnings, dismissWarnings } = useMcp();
  const [mode, setMode] = useState<Mode>("view");
  const [expanded, setExpanded] = useState(false);
  const pause = useAction(async () => upsert(await mcp.setState(server.id, "paused")));
  const active = server.state === "active";
  const age = ageOf(server.fetchedAt);
  const consoleId = `mcp-console-${server.id}`;
  const notes = warnings[server.id] ?? [];
  return (
    <li className="mcp-server" data-testid="mcp-server" data-server-id={server.id}>
      <div className="mcp-server-head">
        <span
          className={`lamp lamp-${server.state}`}
          role="img"
          aria-label={active ? "Active" : "Paused"}
          title={active ? "Active" : "Paused"}
        />
        <div className="mcp-server-main">
          <div className="mcp-server-title">
            <span className="mcp-server-name" data-testid="mcp-server-name">
              {server.displayName}
            </span>
            <span className={`badge${active ? " badge-active" : " badge-muted"}`}>{active ? "Active" : "Paused"}</span>
            {server.headersUnavailable && <span className="badge badge-warn">Secrets unreadable</span>}
          </div>
          <code className="mcp-endpoint">{endpointForDisplay(server.endpoint)}</code>
          <div className="device-meta">
            {server.negotiatedProtocolVersion
              ? `MCP ${server.negotiatedProtocolVersion}`
              : `Protocol: ${server.protocolVersion === "auto" ? "auto" : server.protocolVersion}`}
            {" · "}
            {age ? `tools fetched ${age}` : "tools not fetched yet"}
          </div>
        </div>
        {mode === "view" && (
          <div className="device-actions mcp-actions">
            {active ? (
              <BusyButton
                busy={pause.busy}
                busyLabel="Pausing…"
                onClick={() => void pause.run()}
                aria-label={`Pause ${server.displayName}`}
              >
                Pause
              </BusyButton>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => setMode("activate")}
                aria-label={`Activate ${server.displayName}`}
              >
                Activate
              </button>
            )}
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setMode("edit")}
              aria-label={`Edit ${server.displayName}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-danger-outline"
              onClick={() => setMode("remove")}
              aria-label={`Remove ${server.displayName}`}
            >
              Remove
            </button>
            <button
              type="button"
              className="btn btn-ghost mcp-toggle"
              aria-expanded={expanded}
              aria-controls={consoleId}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? "Hide tools" : "Tools"}
              <span aria-hidden="true">{expanded ? " ▴" : " ▾"}</span>
            </button>
          </div>
        )}
      </div>
      {server.headersUnavailable && (
        <p className="notice">
          The saved header values and endpoint credentials were sealed with another data key and cannot be read. Edit
          the server and enter them again.
        </p>
      )}
      {notes.length > 0 && (
        <div className="notice" role="status">
          {notes.map((w) => (
            <p key={w.code}>
              {w.message} <code className="muted">{w.code}</code>
            </p>
          ))}
          <button type="button" className="btn btn-small" onClick={() => dismissWarnings(server.id)}>
            Dismiss
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
