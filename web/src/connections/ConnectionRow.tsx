/**
 * One connection: name, default badge, provider, model, base URL, key hint (last 4 characters),
 * "Test connection", and Edit / Delete (delete asks for confirmation inline).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { useReturnFocus } from "../components/use-return-focus";
import { useAction } from "../state/use-action";
import { ConnectionForm } from "./ConnectionForm";
import { ConnectionTest } from "./ConnectionTest";
import type { Connection } from "./types";
import { useProviderLabel } from "./use-provider-label";
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
  const { t } = useTranslation();
  const providerLabel = useProviderLabel();
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
        {connection.isDefault && <span className="badge badge-current">{t("connections.row.default")}</span>}
        {connection.apiKeyUnavailable && (
          <span className="badge badge-warn-text">{t("connections.row.keyMissing")}</span>
        )}
      </div>
      <dl className="connection-facts">
        <div>
          <dt>{t("connections.row.provider")}</dt>
          <dd>{providerLabel(connection.provider, "short")}</dd>
        </div>
        <div>
          <dt>{t("connections.row.model")}</dt>
          <dd>
            <code>{connection.modelId}</code>
          </dd>
        </div>
        {connection.baseUrl && (
          <div>
            <dt>{t("connections.row.baseUrl")}</dt>
            <dd>
              <code>{connection.baseUrl}</code>
            </dd>
          </div>
        )}
        <div>
          <dt>{t("connections.row.apiKey")}</dt>
          <dd data-testid="api-key-hint">
            {connection.apiKeyHint
              ? t("connections.row.keyHint", { hint: connection.apiKeyHint })
              : t("connections.row.keyShort")}
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
              aria-label={t("connections.row.editLabel", { name: connection.name })}
            >
              {t("common.edit")}
            </button>
            <button
              type="button"
              className="btn btn-danger-outline btn-small"
              onClick={() => setMode("confirm-delete")}
              aria-label={t("connections.row.deleteLabel", { name: connection.name })}
            >
              {t("common.delete")}
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
        <div className="confirm" role="group" aria-label={t("connections.row.confirmLabel", { name: connection.name })}>
          <p>
            {t("connections.row.confirm", { name: connection.name })}
            {connection.isDefault ? t("connections.row.confirmDefault") : ""}
          </p>
          <div className="row">
            <BusyButton
              variant="danger"
              busy={remove.busy}
              busyLabel={t("common.deleting")}
              onClick={() => void remove.run()}
              autoFocus
            >
              {t("connections.row.deleteConnection")}
            </BusyButton>
            <button type="button" className="btn btn-secondary" onClick={() => setMode("view")}>
              {t("common.cancel")}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
