/**
 * The test console (docs/spec/mcp-platform.md §15.9): pick an active server (auto-picked when there is one;
 * picking discovers), pick a tool, fill the schema form or raw JSON, run it for real, stop
 * waiting, and read the outcome. Permissions are neither checked nor changed by a test call.
 */
import { useEffect, useMemo, useState } from "react";
import { ErrorNote } from "../components/ErrorNote";
import { ArgumentsEditor } from "./ArgumentsEditor";
import { Diagnostics } from "./Diagnostics";
import { endpointForDisplay } from "./display";
import { OutcomeView } from "./OutcomeView";
import { useMcp } from "./store";
import { useTestCall } from "./use-test-call";

export function TestConsole() {
  const { servers, discovery, discover, mcp } = useMcp();
  const active = useMemo(() => (servers ?? []).filter((s) => s.state === "active"), [servers]);
  const [serverId, setServerId] = useState("");
  const [toolName, setToolName] = useState("");
  const call = useTestCall(mcp);

  useEffect(() => {
    if (serverId && !active.some((s) => s.id === serverId)) setServerId("");
    else if (!serverId && active.length === 1) setServerId(active[0]!.id);
  }, [active, serverId]);
  const state = serverId ? discovery[serverId] : undefined;
  useEffect(() => {
    if (serverId && !state) void discover(serverId);
  }, [serverId, state, discover]);

  const server = active.find((s) => s.id === serverId);
  const tools = state?.result?.tools ?? [];
  const tool = tools.find((t) => t.nativeName === toolName);
  useEffect(() => {
    if (toolName && state?.result && !tool) setToolName("");
  }, [toolName, state?.result, tool]);
  const permission = server && tool ? (server.toolPermissions[tool.nativeName] ?? "off") : "off";

  return (
    <section className="card mcp-test" aria-labelledby="test-title">
      <h2 id="test-title">Test a tool</h2>
      {servers !== null && active.length === 0 && (
        <p className="muted">No active servers. Activate a server on the Servers tab to test its tools.</p>
      )}
      {active.length > 0 && (
        <div className="stack">
          <div className="mcp-pickers">
            <label className="field">
              <span>Server</span>
              <select
                value={serverId}
                onChange={(e) => {
                  setServerId(e.target.value);
                  setToolName("");
                  call.clear();
                }}
                disabled={call.running}
              >
                <option value="">Choose a server…</option>
                {active.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.displayName}
                  </option>
                ))}
              </select>
              {server && (
                <small>
                  <code>{endpointForDisplay(server.endpoint)}</code>
                </small>
              )}
            </label>
            {state?.result && (
              <label className="field">
                <span>Tool</span>
                <select
                  value={toolName}
                  onChange={(e) => {
                    setToolName(e.target.value);
                    call.clear();
                  }}
                  disabled={call.running}
                >
                  <option value="">Choose a tool…</option>
                  {tools.map((t) => (
                    <option key={t.nativeName} value={t.nativeName}>
                      {t.title && t.title !== t.nativeName ? `${t.title} (${t.nativeName})` : t.nativeName}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          {state?.busy && (
            <p role="status">
              <span className="spinner" aria-hidden="true" /> Loading tools…
            </p>
          )}
          {state?.error && (
            <div className="row">
              <ErrorNote error={state.error} />
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void discover(serverId, { refresh: true })}
              >
                Retry
              </button>
            </div>
          )}
          {state?.result && <Diagnostics diagnostics={state.result.diagnostics} />}
        </div>
      )}
      {server && tool && (
        <div className="stack mcp-test-tool">
          <div className="mcp-test-about">
            <code>{tool.nativeName}</code>
            {tool.description && <p className="mcp-tool-desc">{tool.description}</p>}
          </div>
          <div className="notice">
            <p>
              This is a real call and may have side effects on the server. TavernEdge never retries it automatically.
            </p>
            <p>
              Current permission:{" "}
              <strong>{permission === "off" ? "Off" : permission === "ask" ? "Ask" : "Allow"}</strong>. This explicit
              test call does not change it.
            </p>
          </div>
          <ArgumentsEditor
            key={`${server.id}:${tool.nativeName}`}
            schema={tool.inputSchema}
            running={call.running}
            stopping={call.stopping}
            onRun={(json) => call.run(server.id, tool.nativeName, json)}
            onStop={() => void call.stop()}
          />
          {call.running && call.startedAt !== null && <Elapsed since={call.startedAt} />}
          <ErrorNote error={call.error} />
          {call.result && <OutcomeView result={call.result} />}
        </div>
      )}
    </section>
  );
}

function Elapsed({ since }: { since: number }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, []);
  return (
    <p role="status" className="muted">
      <span className="spinner" aria-hidden="true" /> Waiting for the server…{" "}
      {((performance.now() - since) / 1000).toFixed(1)} s
    </p>
  );
}
