/**
 * "Enable this MCP server?" (docs/spec/mcp-platform.md §15.6): the exact endpoint, that activation allows
 * discovery and test calls with the saved headers but grants no tool permission, and an extra
 * warning for plain `http://`. A returned `mcp.endpoint_unreachable_when_deployed` warning is
 * shown on the row afterwards (store `warnings`).
 */
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { useAction } from "../state/use-action";
import { endpointForDisplay, isPlainHttp } from "./display";
import { useMcp } from "./store";
import type { McpServer } from "./types";

export function ActivateConfirm({ server, onDone }: { server: McpServer; onDone(): void }) {
  const { mcp, upsert } = useMcp();
  const activate = useAction(
    async () => {
      upsert(await mcp.setState(server.id, "active"));
      onDone();
    },
    { toastErrors: false },
  );
  return (
    <div className="confirm" role="group" aria-label={`Confirm activating ${server.displayName}`}>
      <p>
        <strong>Enable this MCP server?</strong>
      </p>
      <p>
        <code>{endpointForDisplay(server.endpoint)}</code>
      </p>
      <p>
        Enabling lets you discover tools and make test calls to this endpoint with the saved headers. It grants no tool
        permission: every tool stays Off until you choose Ask or Allow.
      </p>
      {isPlainHttp(server.endpoint) && (
        <p className="notice">
          This endpoint uses unencrypted <code>http://</code>. Anyone on the network path can read or change the
          traffic, including header values.
        </p>
      )}
      <ErrorNote error={activate.error} />
      <div className="row">
        <BusyButton
          variant="primary"
          busy={activate.busy}
          busyLabel="Enabling…"
          onClick={() => void activate.run()}
          autoFocus
        >
          Enable server
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  );
}
