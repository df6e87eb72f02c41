/**
 * "What the model sees" (GET /mcp/model-tools[?profileId=]): each tool's alias, final description
 * and input schema, plus resolution diagnostics — built from cached catalogs only. Reloads when a
 * server or catalog changes on any device.
 */
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { ErrorNote } from "../components/ErrorNote";
import { useServices } from "../state/services";
import { useAction } from "../state/use-action";
import { useFrame } from "../state/use-socket";
import { pretty } from "./display";
import { useMcp } from "./store";
import type { ModelToolsView as View } from "./types";

export function ModelToolsView() {
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
      <h2 id="model-title">What the model sees</h2>
      <p className="muted">
        Tools of active servers set to Ask or Allow, from the saved tool lists (no server is contacted), with the names
        and descriptions a model gets.
      </p>
      <form className="row" onSubmit={submit}>
        <label className="field grow">
          <span>Agent profile (optional)</span>
          <input
            value={profileInput}
            onChange={(e) => setProfileInput(e.target.value)}
            placeholder="e.g. default-writer — empty: chat generation"
          />
        </label>
        <button type="submit" className="btn btn-secondary">
          Show
        </button>
      </form>
      <ErrorNote error={load.error} />
      {view && (
        <>
          <p>
            {view.tools.length === 1 ? "1 tool" : `${view.tools.length} tools`}
            {profileId ? ` for profile “${profileId}”` : " for chat generation"}.
          </p>
          <ul className="mcp-model-tools" aria-label="Model tools">
            {view.tools.map((tool) => (
              <li key={tool.toolId} className="mcp-tool">
                <div className="mcp-tool-name">
                  <strong>{tool.alias}</strong> <code className="muted">{tool.toolId}</code>
                </div>
                <p className="mcp-tool-desc">{tool.description ?? <span className="muted">(no description)</span>}</p>
                <details className="mcp-schema">
                  <summary>Input schema</summary>
                  <pre>{pretty(tool.inputSchema)}</pre>
                </details>
              </li>
            ))}
          </ul>
          {view.diagnostics.length > 0 && (
            <details className="mcp-diagnostics" open>
              <summary>{view.diagnostics.length} diagnostic(s)</summary>
              <ul>
                {view.diagnostics.map((d, i) => (
                  <li key={i}>
                    <code>{d.code}</code> {d.toolId && <code className="muted">{d.toolId}</code>} {d.message}
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
