/**
 * "Tools not provided by this discovery": stored Ask/Allow permissions whose tool is missing from
 * the current catalog (never usable), each with "Set off" (docs/spec/mcp-platform.md §4, §15.2).
 */
import { useTranslation } from "react-i18next";
import { BusyButton } from "../components/BusyButton";
import { useAction } from "../state/use-action";
import { useMcp } from "./store";
import type { McpServer } from "./types";

function StaleRow({ server, name, permission }: { server: McpServer; name: string; permission: string }) {
  const { t } = useTranslation();
  const { mcp, upsert } = useMcp();
  const off = useAction(async () => upsert(await mcp.setPermission(server.id, name, "off")));
  return (
    <li className="row">
      <code>{name}</code>{" "}
      <span className="badge">{t(permission === "allow" ? "mcp.permission.allow" : "mcp.permission.ask")}</span>
      <BusyButton
        className="btn-small"
        busy={off.busy}
        onClick={() => void off.run()}
        aria-label={t("mcp.stale.setOffLabel", { name })}
      >
        {t("mcp.stale.setOff")}
      </BusyButton>
    </li>
  );
}

export function StaleTools({ server, stale }: { server: McpServer; stale: Array<[string, string]> }) {
  const { t } = useTranslation();
  if (stale.length === 0) return null;
  return (
    <section className="notice mcp-stale" aria-label={t("mcp.stale.title")}>
      <strong>{t("mcp.stale.title")}</strong>
      <p className="muted">{t("mcp.stale.explain")}</p>
      <ul>
        {stale.map(([name, permission]) => (
          <StaleRow key={name} server={server} name={name} permission={permission} />
        ))}
      </ul>
    </section>
  );
}
