/**
 * One connection: name, default badge, provider, model, base URL, key hint (last 4 characters),
 * "Test connection", and Edit / Delete (delete asks for confirmation inline).
 */
import { useState } from "react";
import { BusyButton } from "../components/BusyButton";
import { useReturnFocus } from "../chats/use-return-focus";
import { useAction } from "../state/use-action";
import { ConnectionForm } from "./ConnectionForm";
import { ConnectionTest } from "./ConnectionTest";
import { providerLabel, type Connection } from "./types";
import { useConnectionsApi } from "./use-connections";

export function ConnectionRow({
  connection,
  onChanged,
  onRemoved,
}: {
  connection: Connection;
  onChanged(c: Connection): void;
  onRemoved(id: string): void;
}) {
  const api = useConnectionsApi();
  const [mode, setMode] = useState<"view" | "edit" | "confirm-delete">("view");
  const editButton = useReturnFocus(mode);
  const remove = useAction(async () => {
    await api.remove(connection.id);
    onRemoved(connection.id);
  });
  return (
    <li className="connection" data-testid="connection-row" data-connection-id={connection.id}>
      <div className="connection-head">
        <span className="connection-name">{connection.name}</span>
        {connection.isDefault && <span className="badge badge-current">Default</span>}
        {connection.apiKeyUnavailable && <span className="badge badge-warn-text">Key must be entered again</span>}
      </div>
      <dl className="connection-facts">
        <div>
          <dt>Provider</dt>
          <dd>{providerLabel(connection.provider)}</dd>
        </div>
        <div>
          <dt>Model</dt>
          <dd>
            <code>{connection.modelId}</code>
          </dd>
        </div>
        {connection.baseUrl && (
          <div>
            <dt>Base URL</dt>
            <dd>
              <code>{connection.baseUrl}</code>
            </dd>
          </div>
        )}
        <div>
          <dt>API key</dt>
          <dd data-testid="api-key-hint">
            {connection.apiKeyHint ? `…${connection.apiKeyHint}` : "saved (short key, not shown)"}
          </dd>
        </div>
      </dl>
      {mode === "view" && (
        <div className="connection-actions">
          <ConnectionTest connection={connection} />
          <div className="row">
            <button
              ref={editButton}
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => setMode("edit")}
              aria-label={`Edit ${connection.name}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-danger-outline btn-small"
              onClick={() => setMode("confirm-delete")}
              aria-label={`Delete ${connection.name}`}
            >
              Delete
            </button>
          </div>
        </div>
      )}
      {mode === "edit" && (
        <ConnectionForm
          connection={connection}
          onDone={(saved) => {
            if (saved) onChanged(saved);
            setMode("view");
          }}
        />
      )}
      {mode === "confirm-delete" && (
        <div className="confirm" role="group" aria-label={`Confirm deleting ${connection.name}`}>
          <p>
            Delete “{connection.name}” and its saved key?
            {connection.isDefault ? " Runs then need another connection picked or made default." : ""}
          </p>
          <div className="row">
            <BusyButton
              variant="danger"
              busy={remove.busy}
              busyLabel="Deleting…"
              onClick={() => void remove.run()}
              autoFocus
            >
              Delete connection
            </BusyButton>
            <button type="button" className="btn btn-secondary" onClick={() => setMode("view")}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
