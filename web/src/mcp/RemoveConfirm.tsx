/** "Remove this MCP server?" (docs/spec/mcp-platform.md §15.7): the registration and all its tool settings go. */
import { BusyButton } from "../components/BusyButton";
import { ErrorNote } from "../components/ErrorNote";
import { useAction } from "../state/use-action";
import { useMcp } from "./store";
import type { McpServer } from "./types";

export function RemoveConfirm({ server, onDone }: { server: McpServer; onDone(): void }) {
  const { mcp, forget } = useMcp();
  const remove = useAction(
    async () => {
      await mcp.remove(server.id);
      forget(server.id);
    },
    { toastErrors: false },
  );
  return (
    <div className="confirm" role="group" aria-label={`Confirm removing ${server.displayName}`}>
      <p>
        <strong>Remove this MCP server?</strong> “{server.displayName}” and all its saved tool permissions and custom
        descriptions are removed from every device.
      </p>
      <ErrorNote error={remove.error} />
      <div className="row">
        <BusyButton
          variant="danger"
          busy={remove.busy}
          busyLabel="Removing…"
          onClick={() => void remove.run()}
          autoFocus
        >
          Remove server
        </BusyButton>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  );
}
