/**
 * "Tools not provided by this discovery": stored Ask/Allow permissions whose tool is missing from
 * the current catalog (never usable), each with "Set off" (docs/spec/mcp-platform.md §4, §15.2).
 */
import { BusyButton } from "../components/BusyButton";
import { useAction } from "../state/use-action";
import { useMcp } from "./store";
import type { McpServer } from "./types";

function StaleRow({ server, name, permission }: { server: McpServer; name: string; permission: string }) {
  const { mcp, upsert } = useMcp();
  const off = useAction(async () => upsert(await mcp.setPermission(server.id, name, "off")));
  return (
    <li className="row">
      <code>{name}</code> <span className="badge">{permission === "allow" ? "Allow" : "Ask"}</span>
      <BusyButton className="btn-small" busy={off.busy} onClick={() => void off.run()} aria-label={`Set ${name} off`}>
        Set off
      </BusyButton>
    </li>
  );
}

export function StaleTools({ server, stale }: { server: McpServer; stale: Array<[string, string]> }) {
  if (stale.length === 0) return null;
  return (
    <section className="notice mcp-stale" aria-label="Tools not provided by this discovery">
      <strong>Tools not provided by this discovery</strong>
      <p className="muted">
        These saved permissions point at tools the server no longer lists. They are never offered to a model.
      </p>
      <ul>
        {stale.map(([name, permission]) => (
          <StaleRow key={name} server={server} name={name} permission={permission} />
        ))}
      </ul>
    </section>
  );
}
