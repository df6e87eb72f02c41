/**
 * "What the model sees" (GET /mcp/model-tools[?profileId=]): each tool's alias, final description
 * and input schema, plus resolution diagnostics — built from cached catalogs only. Reloads when a
 * server or catalog changes on any device.
 */
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNote, ErrorText } from "../components/ErrorNote";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useFrame } from "../state/use-socket";
import { pretty } from "./display";
import { useMcp } from "./store";
import type { ModelToolsView as View } from "./types";

export function ModelToolsView() {
  const { t } = useTranslation();
  const { mcp } = useMcp();
  const { socket } = useServices();
  const [profileInput, setProfileInput] = useState("");
  const [profileId, setProfileId] = useState("");
  const [view, setView] = useState<View | null>(null);
  const load = useAction(async (profile: string) => setView(await mcp.modelTools(profile || undefined)), {
    toastErrors: false,
  });
  const { run } = load;
  const reload = useCallback(() => void run(profileId), [run, profileId]);
  useEffect(reload, [reload]);
  useFrame(socket, "mcp.server_changed", reload);
  useFrame(socket, "mcp.server_removed", reload);
  useFrame(socket, "mcp.catalog_changed", reload);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProfileId(profileInput.trim());
  };
  return (
    <section className="card" aria-labelledby="model-title" aria-busy={load.busy}>
      <h2 id="model-title">{t("mcp.model.title")}</h2>
      <p className="muted">{t("mcp.model.explain")}</p>
      <form className="row" onSubmit={submit}>
        <label className="field grow">
          <span>{t("mcp.model.profile")}</span>
          <input
            value={profileInput}
            onChange={(e) => setProfileInput(e.target.value)}
            placeholder={t("mcp.model.profilePlaceholder")}
          />
        </label>
        <button type="submit" className="btn btn-secondary">
          {t("mcp.model.show")}
        </button>
      </form>
      <ErrorNote error={load.error} />
      {view && (
        <>
          <p>
            {profileId
              ? t("mcp.model.forProfile", { count: view.tools.length, profile: profileId })
              : t("mcp.model.forChat", { count: view.tools.length })}
          </p>
          <ul className="mcp-model-tools" aria-label={t("mcp.model.listLabel")}>
            {view.tools.map((tool) => (
              <li key={tool.toolId} className="mcp-tool">
                <div className="mcp-tool-name">
                  <strong>{tool.alias}</strong> <code className="muted">{tool.toolId}</code>
                </div>
                <p className="mcp-tool-desc">
                  {tool.description ?? <span className="muted">{t("mcp.model.noDescription")}</span>}
                </p>
                <details className="mcp-schema">
                  <summary>{t("mcp.tool.inputSchema")}</summary>
                  <pre>{pretty(tool.inputSchema)}</pre>
                </details>
              </li>
            ))}
          </ul>
          {view.diagnostics.length > 0 && (
            <details className="mcp-diagnostics" open>
              <summary>{t("mcp.model.diagnostics", { count: view.diagnostics.length })}</summary>
              <ul>
                {view.diagnostics.map((d, i) => (
                  <li key={i}>
                    {d.toolId && <code className="muted">{d.toolId}</code>} <ErrorText error={d} />
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}
