/**
 * The server list view: storage issues first (rows the server could not read), a toolbar (count,
 * Add server), the add panel, and one row per server sorted by name (docs/spec/mcp-platform.md §15.1–§15.2).
 */
import { useState } from "react";
import { ErrorNote } from "../components/ErrorNote";
import { AddServerPanel } from "./AddServerPanel";
import { ServerRow } from "./ServerRow";
import { StorageIssues } from "./StorageIssues";
import { useMcp } from "./store";

export function ServersView() {
  const { servers, storageIssues, loading, loadError, reload } = useMcp();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <StorageIssues issues={storageIssues} />
      <ErrorNote error={loadError} />
      <div className="card-head mcp-toolbar">
        <p className="muted">
          {servers === null ? "Loading servers…" : servers.length === 1 ? "1 server" : `${servers.length} servers`} ·
          Streamable HTTP only. New servers start paused and every tool starts Off.
        </p>
        <div className="row">
          <button type="button" className="btn btn-ghost" onClick={() => void reload()} disabled={loading}>
            Reload
          </button>
          {!adding && (
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              Add server
            </button>
          )}
        </div>
      </div>
      {adding && <AddServerPanel onClose={() => setAdding(false)} />}
      {servers !== null && servers.length === 0 && !adding && (
        <div className="card empty">
          <p>
            No MCP servers yet. Add a Streamable HTTP endpoint (for example <code>https://example.com/mcp</code>) to
            browse its tools.
          </p>
        </div>
      )}
      {servers !== null && servers.length > 0 && (
        <ul className="mcp-servers" aria-label="MCP servers">
          {servers.map((server) => (
            <ServerRow key={server.id} server={server} />
          ))}
        </ul>
      )}
    </>
  );
}
