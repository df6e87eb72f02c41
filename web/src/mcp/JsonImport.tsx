/**
 * The JSON tab of "Add server": paste one server or an `mcpServers` map (POST /mcp/servers
 * `{json}`); shows which entries were created and which were skipped, with the reason
 * (e.g. `mcp.import_transport_unsupported` for stdio). Invalid JSON creates nothing.
 */
import { useState, type FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote, ErrorText } from "../components/ErrorNote";
import { useAction } from "../state/use-action";
import { useMcp } from "./store";
import type { ImportResult } from "./types";

const EXAMPLE = `{
  "mcpServers": {
    "docs": { "type": "http", "url": "https://example.com/mcp" }
  }
}`;

export function JsonImport({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const { mcp, upsert } = useMcp();
  const [text, setText] = useState("");
  const [result, setResult] = useState<ImportResult | null>(null);
  const run = useAction(
    async () => {
      const imported = await mcp.importJson(text);
      for (const server of imported.servers) upsert(server);
      setResult(imported);
    },
    { toastErrors: false },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    void run.run();
  };
  return (
    <form className="stack mcp-form" onSubmit={submit} aria-label={t("mcp.json.label")}>
      <label className="field">
        <span>{t("mcp.json.field")}</span>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={8}
          placeholder={EXAMPLE}
          spellCheck={false}
          required
          disabled={run.busy}
        />
        <small className="muted">
          <Trans i18nKey="mcp.json.help" components={{ code: <code /> }} />
        </small>
      </label>
      <ErrorNote error={run.error} />
      {result && (
        <div className="stack" role="status" aria-label={t("mcp.json.resultLabel")}>
          {result.servers.length > 0 && (
            <div>
              <strong className="success">{t("mcp.json.created", { count: result.servers.length })}</strong>
              <ul>
                {result.servers.map((s) => (
                  <li key={s.id}>{s.displayName}</li>
                ))}
              </ul>
            </div>
          )}
          {result.skipped.length > 0 && (
            <div>
              <strong>{t("mcp.json.skipped", { count: result.skipped.length })}</strong>
              <ul>
                {result.skipped.map((s) => (
                  <li key={`${s.name}:${s.code}`}>
                    {s.name}: <ErrorText error={s} />
                  </li>
                ))}
              </ul>
            </div>
          )}
          {result.servers.length === 0 && result.skipped.length === 0 && <p>{t("mcp.json.nothing")}</p>}
        </div>
      )}
      <div className="row">
        <BusyButton
          type="submit"
          variant="primary"
          busy={run.busy}
          busyLabel={t("mcp.json.busy")}
          disabled={text.trim() === ""}
        >
          {t("mcp.json.submit")}
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          {result ? t("common.close") : t("common.cancel")}
        </button>
      </div>
    </form>
  );
}
