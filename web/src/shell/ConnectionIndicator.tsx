/**
 * Live-connection status for the header: "Live", "Connecting…" or "Offline — reconnecting…"
 * (short labels on phones), with "Retry now" while offline.
 */
import type { SocketStatus } from "../socket/socket-client";

const LABELS: Record<SocketStatus, [long: string, short: string]> = {
  online: ["Live", "Live"],
  connecting: ["Connecting…", "Connecting"],
  offline: ["Offline — reconnecting…", "Offline"],
  stopped: ["Disconnected", "Disconnected"],
};

export function ConnectionIndicator({ status, onRetry }: { status: SocketStatus; onRetry(): void }) {
  const [long, short] = LABELS[status];
  return (
    <div
      className={`conn conn-${status}`}
      role="status"
      aria-live="polite"
      data-testid="connection-status"
      data-status={status}
    >
      <span className="conn-dot" aria-hidden="true" />
      <span className="wide-only">{long}</span>
      <span className="narrow-only">{short}</span>
      {status === "offline" && (
        <button type="button" className="btn btn-ghost btn-small wide-only" onClick={onRetry}>
          Retry now
        </button>
      )}
    </div>
  );
}
