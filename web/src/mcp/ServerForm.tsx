/**
 * The Manual server form (docs/spec/mcp-platform.md §15.4–§15.5): name, endpoint, and under "Advanced" the
 * protocol version and custom headers. Without `server` it creates (POST; new servers start
 * paused); with `server` it is the prefilled full-replacement edit (PUT with `ifRevision`; a 409
 * shows the newer version and offers to re-apply). Errors stay in the form; it closes on success.
 */
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import { describeError, type DescribedError } from "../api/client";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { conflictCurrent } from "./conflict";
import { ConflictNote } from "./ConflictNote";
import { HeaderRows, headersOf, rowsOf, type HeaderRow } from "./HeaderRows";
import type { ServerInput } from "./mcp-api";
import { useMcp } from "./store";
import { PROTOCOL_VERSIONS, type McpProtocolVersion, type McpServer } from "./types";

export function ServerForm({ server, onDone }: { server?: McpServer; onDone(): void }) {
  const { t } = useTranslation();
  const { mcp, upsert } = useMcp();
  const [displayName, setName] = useState(server?.displayName ?? "");
  const [endpoint, setEndpoint] = useState(server?.endpoint ?? "");
  const [protocolVersion, setProtocol] = useState<McpProtocolVersion>(server?.protocolVersion ?? "auto");
  const [rows, setRows] = useState<HeaderRow[]>(() => rowsOf(server?.headers ?? {}));
  const [advanced, setAdvanced] = useState(
    Boolean(server && (Object.keys(server.headers).length > 0 || server.protocolVersion !== "auto")),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<DescribedError | null>(null);
  const [conflict, setConflict] = useState<McpServer | null>(null);
  // The version this form started from: a save over anything newer is refused with 409.
  const [baseRevision] = useState(server?.revision);

  const save = async (ifRevision?: number) => {
    const input: ServerInput = { displayName, endpoint, headers: headersOf(rows), protocolVersion };
    setBusy(true);
    setError(null);
    try {
      upsert(server ? await mcp.update(server.id, input, ifRevision) : await mcp.create(input));
      onDone();
    } catch (cause) {
      const current = conflictCurrent(cause);
      if (current) {
        upsert(current);
        setConflict(current);
      } else {
        const described = describeError(cause);
        setError(described);
        if (described.code.startsWith("mcp.header") || described.code === "mcp.protocol_version_invalid")
          setAdvanced(true);
      }
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setConflict(null);
    void save(baseRevision);
  };
  const key = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !busy) onDone();
  };

  return (
    <form
      className="stack mcp-form"
      onSubmit={submit}
      onKeyDown={key}
      aria-label={server ? t("mcp.form.editLabel", { name: server.displayName }) : t("mcp.form.addLabel")}
    >
      <fieldset className="stack plain" disabled={busy}>
        <label className="field">
          <span>
            {t("mcp.form.name")} <span aria-hidden="true">*</span>
          </span>
          <input value={displayName} onChange={(e) => setName(e.target.value)} required autoFocus maxLength={200} />
        </label>
        <label className="field">
          <span>
            {t("mcp.form.endpoint")} <span aria-hidden="true">*</span>
          </span>
          <input
            value={endpoint}
            onChange={(e) => setEndpoint(e.target.value)}
            required
            placeholder="https://example.com/mcp"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
          />
          <small className="muted">
            <Trans i18nKey="mcp.form.endpointHelp" components={{ code: <code /> }} />
          </small>
        </label>
        <details open={advanced} onToggle={(e) => setAdvanced((e.target as HTMLDetailsElement).open)}>
          <summary>{t("mcp.form.advanced")}</summary>
          <div className="stack mcp-advanced">
            <label className="field">
              <span>{t("mcp.form.protocol")}</span>
              <select value={protocolVersion} onChange={(e) => setProtocol(e.target.value as McpProtocolVersion)}>
                {PROTOCOL_VERSIONS.map((v) => (
                  <option key={v} value={v}>
                    {v === "auto" ? t("mcp.form.protocolAuto") : v}
                  </option>
                ))}
              </select>
              <small className="muted">{t("mcp.form.protocolHelp")}</small>
            </label>
            <HeaderRows rows={rows} onChange={setRows} />
            <p className="note">{t("mcp.form.secretsNote")}</p>
          </div>
        </details>
      </fieldset>
      <ErrorNote error={error} />
      {conflict && (
        <ConflictNote
          current={conflict}
          busy={busy}
          onReapply={() => {
            setConflict(null);
            void save(conflict.revision);
          }}
          onKeep={onDone}
        />
      )}
      <div className="row">
        <BusyButton type="submit" variant="primary" busy={busy} busyLabel={t("common.saving")}>
          {server ? t("mcp.form.saveChanges") : t("mcp.form.submitAdd")}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onDone} disabled={busy}>
          {t("common.cancel")}
        </button>
      </div>
    </form>
  );
}
