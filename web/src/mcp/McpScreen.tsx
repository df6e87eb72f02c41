/**
 * The MCP Manager (issue #8; docs/spec/mcp-platform.md §15): three views under /mcp — the server list
 * (/mcp), the test console (/mcp/test) and "What the model sees" (/mcp/model) — sharing one live
 * store (store.tsx).
 */
import { useTranslation } from "react-i18next";
import { Link } from "../shell/Link";
import { usePath } from "../shell/router";
import { ModelToolsView } from "./ModelToolsView";
import { ServersView } from "./ServersView";
import { McpProvider } from "./store";
import { TestConsole } from "./TestConsole";
import "../components/fields.css";
import "./mcp.css";

const TABS = [
  { path: "/mcp", label: "mcp.tabs.servers", short: "mcp.tabs.serversShort" },
  { path: "/mcp/test", label: "mcp.tabs.test", short: "mcp.tabs.testShort" },
  { path: "/mcp/model", label: "mcp.tabs.model", short: "mcp.tabs.modelShort" },
] as const;

export function McpScreen() {
  const { t } = useTranslation();
  const path = usePath().replace(/\/+$/, "") || "/mcp";
  const current = TABS.find((t) => t.path === path) ?? TABS[0];
  return (
    <McpProvider>
      <section className="screen screen-wide" aria-labelledby="screen-title">
        <h1 id="screen-title">{t("mcp.title")}</h1>
        <nav className="mcp-tabs" aria-label={t("mcp.tabsLabel")}>
          {TABS.map((tab) => (
            <Link
              key={tab.path}
              href={tab.path}
              className="mcp-tab"
              aria-current={tab === current ? "page" : undefined}
              aria-label={t(tab.label)}
            >
              <span className="wide-only">{t(tab.label)}</span>
              <span className="narrow-only" aria-hidden="true">
                {t(tab.short)}
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
