/**
 * The test console (docs/spec/mcp-platform.md §15.9): pick an active server (auto-picked when there is one;
 * picking discovers), pick a tool, fill the schema form or raw JSON, run it for real, stop
 * waiting, and read the outcome. Permissions are neither checked nor changed by a test call.
 */
import { useEffect, useMemo, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ErrorNote } from "../components/ErrorNote";
import { formatDuration } from "../i18n/format";
import { ArgumentsEditor } from "./ArgumentsEditor";
import { Diagnostics } from "./Diagnostics";
import { endpointForDisplay } from "./display";
import { OutcomeView } from "./OutcomeView";
import { useMcp } from "./store";
import { useTestCall } from "./use-test-call";

export function TestConsole() {
  const { t } = useTranslation();
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
      <h2 id="test-title">{t("mcp.test.title")}</h2>
      {servers !== null && active.length === 0 && <p className="muted">{t("mcp.test.noActive")}</p>}
      {active.length > 0 && (
        <div className="stack">
          <div className="mcp-pickers">
            <label className="field">
              <span>{t("mcp.test.server")}</span>
              <select
                value={serverId}
                onChange={(e) => {
                  setServerId(e.target.value);
                  setToolName("");
                  call.clear();
                }}
                disabled={call.running}
              >
                <option value="">{t("mcp.test.chooseServer")}</option>
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
                <span>{t("mcp.test.tool")}</span>
                <select
                  value={toolName}
                  onChange={(e) => {
                    setToolName(e.target.value);
                    call.clear();
                  }}
                  disabled={call.running}
                >
                  <option value="">{t("mcp.test.chooseTool")}</option>
                  {tools.map((tl) => (
                    <option key={tl.nativeName} value={tl.nativeName}>
                      {tl.title && tl.title !== tl.nativeName ? `${tl.title} (${tl.nativeName})` : tl.nativeName}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          {state?.busy && (
            <p role="status">
              <span className="spinner" aria-hidden="true" /> {t("mcp.test.loadingTools")}
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
                {t("common.retry")}
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
            <p>{t("mcp.test.realCall")}</p>
            <p>
              <Trans
                i18nKey="mcp.test.currentPermission"
                values={{ permission: t(`mcp.permission.${permission}`) }}
                components={{ strong: <strong /> }}
              />
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
  const { t } = useTranslation();
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, []);
  return (
    <p role="status" className="muted">
      <span className="spinner" aria-hidden="true" />{" "}
      {t("mcp.test.waiting", { seconds: formatDuration(performance.now() - since) })}
    </p>
  );
}
