/**
 * The JSON tab of "Add server": paste one server or an `mcpServers` map (POST /mcp/servers
 * `{json}`); shows which entries were created and which were skipped, with the reason
 * (e.g. `mcp.import_transport_unsupported` for stdio). Invalid JSON creates nothing.
 */
import { useState, type FormEvent } from "react";
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { useAction } from "../state/use-action";
import { useMcp } from "./store";
import type { ImportResult } from "./types";

const EXAMPLE = `{
  "mcpServers": {
    "docs": { "type": "http", "url": "https://example.com/mcp" }
  }
}`;

export function JsonImport({ onDone }: { onDone(): void }) {
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
    <form className="stack mcp-form" onSubmit={submit} aria-label="Import servers from JSON">
      <label className="field">
        <span>Server JSON</span>
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
          One server (<code>{`{"url": …}`}</code>) or a map under <code>mcpServers</code>, as other MCP clients write
          it. stdio and SSE entries are skipped.
        </small>
      </label>
      <ErrorNote error={run.error} />
      {result && (
        <div className="stack" role="status" aria-label="Import result">
          {result.servers.length > 0 && (
            <div>
              <strong className="success">Created {result.servers.length} (paused):</strong>
              <ul>
                {result.servers.map((s) => (
                  <li key={s.id}>{s.displayName}</li>
                ))}
              </ul>
            </div>
          )}
          {result.skipped.length > 0 && (
            <div>
              <strong>Skipped {result.skipped.length}:</strong>
              <ul>
                {result.skipped.map((s) => (
                  <li key={`${s.name}:${s.code}`}>
                    {s.name}: {s.message} <code className="muted">{s.code}</code>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {result.servers.length === 0 && result.skipped.length === 0 && <p>Nothing to import.</p>}
        </div>
      )}
      <div className="row">
        <BusyButton
          type="submit"
          variant="primary"
          busy={run.busy}
          busyLabel="Importing…"
          disabled={text.trim() === ""}
        >
          Import
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          {result ? "Close" : "Cancel"}
        </button>
      </div>
    </form>
  );
}
