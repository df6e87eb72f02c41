/**
 * The Connections screen (issue [model-gateway] web view): the user's model connections, live
 * across devices, with add, edit, delete and "Test connection".
 */
import { useState } from "react";
import { ErrorNote } from "../components/ErrorNote";
import { ConnectionForm } from "./ConnectionForm";
import { ConnectionRow } from "./ConnectionRow";
import { useConnections } from "./use-connections";
import "../components/fields.css";
import "./connections.css";

export function ConnectionsScreen() {
  const { connections, loading, error, reload, upsert, drop } = useConnections();
  const [adding, setAdding] = useState(false);
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Model connections</h1>
      <p className="muted">
        API keys and model ids for the providers your agents use. Keys are stored encrypted and never shown again.
      </p>
      {adding ? (
        <section className="card" aria-labelledby="add-connection-title">
          <h2 id="add-connection-title">Add a connection</h2>
          <ConnectionForm
            onDone={(saved) => {
              if (saved) upsert(saved);
              setAdding(false);
            }}
          />
        </section>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          Add connection
        </button>
      )}
      <section className="card" aria-labelledby="connections-title" aria-busy={loading}>
        <div className="card-head">
          <h2 id="connections-title">Your connections</h2>
          <button type="button" className="btn btn-ghost" onClick={() => void reload()} disabled={loading}>
            Refresh
          </button>
        </div>
        {loading && !connections && (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> Loading connections…
          </p>
        )}
        <ErrorNote error={error} />
        {connections && connections.length === 0 && <p className="muted">No connections yet. Add one to run agents.</p>}
        {connections && connections.length > 0 && (
          <ul className="connection-list" aria-label="Connections">
            {connections.map((c) => (
              <ConnectionRow key={c.id} connection={c} onChanged={upsert} onRemoved={drop} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
