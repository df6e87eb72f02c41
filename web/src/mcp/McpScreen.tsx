/**
 * The MCP Manager (issue #8; docs/spec/mcp-platform.md §15): three views under /mcp — the server list
 * (/mcp), the test console (/mcp/test) and "What the model sees" (/mcp/model) — sharing one live
 * store (store.tsx).
 */
import { Link } from "../shell/Link";
import { usePath } from "../shell/router";
import { ModelToolsView } from "./ModelToolsView";
import { ServersView } from "./ServersView";
import { McpProvider } from "./store";
import { TestConsole } from "./TestConsole";
import "./mcp.css";

const TABS = [
  { path: "/mcp", label: "Servers", short: "Servers" },
  { path: "/mcp/test", label: "Test console", short: "Test" },
  { path: "/mcp/model", label: "What the model sees", short: "Model view" },
] as const;

export function McpScreen() {
  const path = usePath().replace(/\/+$/, "") || "/mcp";
  const current = TABS.find((t) => t.path === path) ?? TABS[0];
  return (
    <McpProvider>
      <section className="screen screen-wide" aria-labelledby="screen-title">
        <h1 id="screen-title">MCP servers</h1>
        <nav className="mcp-tabs" aria-label="MCP views">
          {TABS.map((tab) => (
            <Link
              key={tab.path}
              href={tab.path}
              className="mcp-tab"
              aria-current={tab === current ? "page" : undefined}
              aria-label={tab.label}
            >
              <span className="wide-only">{tab.label}</span>
              <span className="narrow-only" aria-hidden="true">
                {tab.short}
              </span>
            </Link>
          ))}
        </nav>
        {current.path === "/mcp" && <ServersView />}
        {current.path === "/mcp/test" && <TestConsole />}
        {current.path === "/mcp/model" && <ModelToolsView />}
      </section>
    </McpProvider>
  );
}
