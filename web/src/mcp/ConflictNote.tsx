/**
 * Shown when a save was refused with 409 `mcp.registration_conflict`: the newer version another
 * device saved (from `details.current`) and a choice to re-apply this form over it or keep it.
 */
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
  return (
    <div className="notice" role="alert">
      <p>
        <strong>This server was changed on another device</strong> (now revision {current.revision}). Nothing was saved.
      </p>
      <p className="muted">
        Newer version: “{current.displayName}” · <code>{endpointForDisplay(current.endpoint)}</code> · protocol{" "}
        {current.protocolVersion} · {Object.keys(current.headers).length} header(s) · {current.state}
      </p>
      <div className="row">
        <button type="button" className="btn btn-primary" onClick={onReapply} disabled={busy}>
          Re-apply my changes
        </button>
        <button type="button" className="btn btn-secondary" onClick={onKeep} disabled={busy}>
          Keep the newer version
        </button>
      </div>
    </div>
  );
}
