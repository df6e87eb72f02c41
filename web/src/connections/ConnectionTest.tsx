/**
 * "Test connection": POST /api/v1/connections/:id/test (one one-token request) and the answer —
 * the latency, or the provider's error code and message (with the HTTP status the provider gave).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, describeError } from "../api/client";
import { BusyButton } from "../components/BusyButton";
import { ErrorText } from "../components/ErrorNote";
import { formatCount } from "../i18n/format";
import { useAction } from "../state/use-action";
import type { Connection } from "./types";
import { useConnectionsApi } from "./use-connections";

type Outcome =
  | { ok: true; latencyMs: number }
  | { ok: false; code: string; message: string; details?: unknown; status?: number };

export function ConnectionTest({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
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
        busyLabel={t("connections.test.busy")}
        onClick={() => void test.run()}
        aria-label={t("connections.test.label", { name: connection.name })}
      >
        {t("connections.test.button")}
      </BusyButton>
      <span role="status" aria-live="polite" data-testid="connection-test-result">
        {outcome?.ok === true && (
          <span className="success">{t("connections.test.works", { ms: formatCount(outcome.latencyMs) })}</span>
        )}
        {outcome?.ok === false && (
          <span className="error-note">
            {t("connections.test.failed")}
            {outcome.status && !outcome.message.includes(String(outcome.status))
              ? t("connections.test.providerAnswered", { status: outcome.status })
              : ""}
            : <ErrorText error={outcome} />
          </span>
        )}
      </span>
    </div>
  );
}
