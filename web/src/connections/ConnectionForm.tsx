/**
 * Add or edit a model connection: name, provider, base URL (required for OpenAI-compatible,
 * optional otherwise), API key (password field; when editing, empty keeps the saved key, which is
 * only ever shown as its last 4 characters), model id, "Use by default". Escape cancels.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { SelectField } from "../components/SelectField";
import { useAction } from "../state/use-action";
import { PROVIDERS, type Connection, type ConnectionInput, type Provider } from "./types";
import { useProviderLabel } from "./use-provider-label";
import { useConnectionsApi } from "./use-connections";

interface Draft {
  name: string;
  provider: Provider;
  baseUrl: string;
  apiKey: string;
  modelId: string;
  isDefault: boolean;
}

function draftOf(connection?: Connection): Draft {
  return connection
    ? {
        name: connection.name,
        provider: connection.provider,
        baseUrl: connection.baseUrl ?? "",
        apiKey: "",
        modelId: connection.modelId,
        isDefault: connection.isDefault,
      }
    : { name: "", provider: "openai", baseUrl: "", apiKey: "", modelId: "", isDefault: false };
}

/** The create body, or the PATCH body holding only what changed (an empty key keeps the saved one). */
export function connectionBody(draft: Draft, existing?: Connection): Partial<ConnectionInput> {
  const baseUrl = draft.baseUrl.trim() === "" ? null : draft.baseUrl.trim();
  const full: ConnectionInput = {
    name: draft.name.trim(),
    provider: draft.provider,
    baseUrl,
    modelId: draft.modelId.trim(),
    isDefault: draft.isDefault,
    apiKey: draft.apiKey,
  };
  if (!existing) return full;
  const patch: Partial<ConnectionInput> = {};
  if (full.name !== existing.name) patch.name = full.name;
  if (full.provider !== existing.provider) patch.provider = full.provider;
  if (baseUrl !== (existing.baseUrl ?? null)) patch.baseUrl = baseUrl;
  if (full.modelId !== existing.modelId) patch.modelId = full.modelId;
  if (full.isDefault !== existing.isDefault) patch.isDefault = full.isDefault;
  if (draft.apiKey !== "") patch.apiKey = draft.apiKey;
  return patch;
}

export interface ConnectionFormProps {
  connection?: Connection;
  onDone(saved?: Connection): void;
}

export function ConnectionForm({ connection, onDone }: ConnectionFormProps) {
  const { t } = useTranslation();
  const providerLabel = useProviderLabel();
  const api = useConnectionsApi();
  const [draft, setDraft] = useState<Draft>(() => draftOf(connection));
  const save = useAction(
    async () => {
      const body = connectionBody(draft, connection);
      if (connection && Object.keys(body).length === 0) return onDone();
      onDone(connection ? await api.update(connection.id, body) : await api.create(body as ConnectionInput));
    },
    { toastErrors: false },
  );
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const compatible = draft.provider === "openai-compatible";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run();
  };
  const idPrefix = connection ? `conn-${connection.id}` : "conn-new";
  return (
    <form
      className="stack connection-form"
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === "Escape") onDone();
      }}
      aria-label={
        connection ? t("connections.form.editLabel", { name: connection.name }) : t("connections.form.addLabel")
      }
    >
      <label className="field">
        <span>{t("connections.form.name")}</span>
        <input value={draft.name} onChange={(e) => set("name", e.target.value)} maxLength={80} required autoFocus />
      </label>
      <SelectField
        label={t("connections.form.provider")}
        value={draft.provider}
        onChange={(e) => set("provider", e.target.value as Provider)}
      >
        {PROVIDERS.map((p) => (
          <option key={p.id} value={p.id}>
            {providerLabel(p.id)}
          </option>
        ))}
      </SelectField>
      <div className="field-group">
        <label className="field">
          <span>
            {t("connections.form.baseUrl")}{" "}
            {compatible ? "" : <span className="muted">{t("connections.form.optional")}</span>}
          </span>
          <input
            type="url"
            value={draft.baseUrl}
            onChange={(e) => set("baseUrl", e.target.value)}
            required={compatible}
            placeholder={compatible ? "https://openrouter.ai/api/v1" : t("connections.form.providerDefault")}
            aria-describedby={`${idPrefix}-url-help`}
          />
        </label>
        <small id={`${idPrefix}-url-help`} className="muted">
          {compatible ? t("connections.form.baseUrlRequired") : t("connections.form.baseUrlOptional")}
        </small>
      </div>
      <div className="field-group">
        <label className="field">
          <span>{t("connections.form.apiKey")}</span>
          <input
            type="password"
            value={draft.apiKey}
            onChange={(e) => set("apiKey", e.target.value)}
            autoComplete="off"
            aria-describedby={`${idPrefix}-key-help`}
            required={!connection && !compatible}
            placeholder={
              connection
                ? connection.apiKeyHint
                  ? t("connections.form.savedKeyEnds", { hint: connection.apiKeyHint })
                  : t("connections.form.savedKey")
                : ""
            }
          />
        </label>
        <small id={`${idPrefix}-key-help`} className="muted">
          {connection
            ? t("connections.form.keepKey")
            : compatible
              ? t("connections.form.keyMayBeEmpty")
              : t("connections.form.keyStored")}
        </small>
      </div>
      <label className="field">
        <span>{t("connections.form.modelId")}</span>
        <input
          value={draft.modelId}
          onChange={(e) => set("modelId", e.target.value)}
          maxLength={200}
          required
          placeholder={t("connections.form.modelPlaceholder")}
        />
      </label>
      <label className="check">
        <input type="checkbox" checked={draft.isDefault} onChange={(e) => set("isDefault", e.target.checked)} />{" "}
        {t("connections.form.useByDefault")}
      </label>
      <ErrorNote error={save.error} />
      <div className="row">
        <BusyButton type="submit" variant="primary" busy={save.busy} busyLabel={t("common.saving")}>
          {connection ? t("connections.form.saveChanges") : t("connections.form.submitAdd")}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={() => onDone()}>
          {t("common.cancel")}
        </button>
      </div>
    </form>
  );
}
