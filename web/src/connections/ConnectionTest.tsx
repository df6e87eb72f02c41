/**
 * "Test connection": POST /api/v1/connections/:id/test (one one-token request) and the answer —
 * the latency, or the provider's error code and message (with the HTTP status the provider gave).
 */
import { useState } from "react";
import { ApiError, describeError } from "../api/client";
import { BusyButton } from "../components/BusyButton";
import { formatCount } from "../chats/format";
import { useAction } from "../state/use-action";
import type { Connection } from "./types";
import { useConnectionsApi } from "./use-connections";

type Outcome = { ok: true; latencyMs: number } | { ok: false; code: string; message: string; status?: number };

export function ConnectionTest({ connection }: { connection: Connection }) {
  const api = useConnectionsApi();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const test = useAction(async () => {
    setOutcome(null);
    try {
      const result = await api.test(connection.id);
      setOutcome({ ok: true, latencyMs: result.latencyMs });
    } catch (error) {
      const status =
        error instanceof ApiError ? (error.details as { status?: unknown } | undefined)?.status : undefined;
      setOutcome({ ok: false, ...describeError(error), ...(typeof status === "number" ? { status } : {}) });
    }
  });
  return (
    <div className="connection-test">
      <BusyButton
        className="btn-small"
        busy={test.busy}
        busyLabel="Testing…"
        onClick={() => void test.run()}
        aria-label={`Test connection ${connection.name}`}
      >
        Test connection
      </BusyButton>
      <span role="status" aria-live="polite" data-testid="connection-test-result">
        {outcome?.ok === true && (
          <span className="success">Works: answered in {formatCount(outcome.latencyMs)} ms</span>
        )}
        {outcome?.ok === false && (
          <span className="error-note">
            Failed
            {outcome.status && !outcome.message.includes(String(outcome.status))
              ? ` (provider answered ${outcome.status})`
              : ""}
            : {outcome.message} <code>{outcome.code}</code>
          </span>
        )}
      </span>
    </div>
  );
}
