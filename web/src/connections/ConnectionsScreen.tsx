/**
 * The Connections screen (issue [model-gateway] web view): the user's model connections, live
 * across devices, with add, edit, delete and "Test connection".
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNote } from "../components/ErrorNote";
import { ConnectionForm } from "./ConnectionForm";
import { ConnectionRow } from "./ConnectionRow";
import { useConnections } from "./use-connections";
import "../components/fields.css";
import "./connections.css";

export function ConnectionsScreen() {
  const { t } = useTranslation();
  const { connections, loading, error, reload, upsert, drop } = useConnections();
  const [adding, setAdding] = useState(false);
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t("connections.title")}</h1>
      <p className="muted">{t("connections.intro")}</p>
      {adding ? (
        <section className="card" aria-labelledby="add-connection-title">
          <h2 id="add-connection-title">{t("connections.addTitle")}</h2>
          <ConnectionForm
            onDone={(saved) => {
              if (saved) upsert(saved);
              setAdding(false);
            }}
          />
        </section>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          {t("connections.add")}
        </button>
      )}
      <section className="card" aria-labelledby="connections-title" aria-busy={loading}>
        <div className="card-head">
          <h2 id="connections-title">{t("connections.yourConnections")}</h2>
          <button type="button" className="btn btn-ghost" onClick={() => void reload()} disabled={loading}>
            {t("connections.refresh")}
          </button>
        </div>
        {loading && !connections && (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> {t("connections.loading")}
          </p>
        )}
        <ErrorNote error={error} />
        {connections && connections.length === 0 && <p className="muted">{t("connections.empty")}</p>}
        {connections && connections.length > 0 && (
          <ul className="connection-list" aria-label={t("connections.listLabel")}>
            {connections.map((c) => (
              <ConnectionRow key={c.id} connection={c} onChanged={upsert} onRemoved={drop} />
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
