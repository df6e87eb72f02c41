/**
 * A test call's outcome per kind (docs/spec/mcp-platform.md §10, §15.9), with elapsed time: tool result
 * (OK / "Tool returned an error", each text block as preformatted text, structured JSON, content
 * diagnostics), `server_error`, `unsupported_response`, `not_sent`, `outcome_unknown` ("may have
 * executed, never retried"). Everything is rendered as text.
 */
import { Trans, useTranslation } from "react-i18next";
import { ErrorText } from "../components/ErrorNote";
import { formatDuration } from "../i18n/format";
import type { TestCallResult } from "./use-test-call";

function Seconds({ ms }: { ms: number }) {
  return <span className="muted"> · {formatDuration(ms)}</span>;
}

export function OutcomeView({ result }: { result: TestCallResult }) {
  const { t } = useTranslation();
  const { outcome, elapsedMs } = result;
  if (outcome.outcome === "not_sent") {
    return (
      <section className="outcome outcome-muted" aria-label={t("mcp.outcome.label")} data-outcome="not_sent">
        <h3>
          {t("mcp.outcome.notSent")}
          <Seconds ms={elapsedMs} />
        </h3>
        <p>
          <ErrorText error={outcome} />
        </p>
      </section>
    );
  }
  if (outcome.outcome === "outcome_unknown") {
    return (
      <section className="outcome outcome-danger" aria-label={t("mcp.outcome.label")} data-outcome="outcome_unknown">
        <h3>
          {t("mcp.outcome.unknown")}
          <Seconds ms={elapsedMs} />
        </h3>
        <p>
          <Trans i18nKey="mcp.outcome.mayHaveRun" components={{ strong: <strong /> }} />
        </p>
        <p>
          <ErrorText error={outcome} />
        </p>
      </section>
    );
  }
  const response = outcome.response;
  if (response.kind === "server_error") {
    return (
      <section className="outcome outcome-danger" aria-label={t("mcp.outcome.label")} data-outcome="server_error">
        <h3>
          {t("mcp.outcome.serverError", { code: response.code })}
          <Seconds ms={elapsedMs} />
        </h3>
        <p>{response.message}</p>
        {response.dataJson && <pre>{response.dataJson}</pre>}
      </section>
    );
  }
  if (response.kind === "unsupported_response") {
    return (
      <section
        className="outcome outcome-muted"
        aria-label={t("mcp.outcome.label")}
        data-outcome="unsupported_response"
      >
        <h3>
          {t("mcp.outcome.unsupported", { type: response.responseType })}
          <Seconds ms={elapsedMs} />
        </h3>
        <p>{response.message}</p>
      </section>
    );
  }
  const empty = response.textBlocks.length === 0 && !response.structuredJson && response.diagnostics.length === 0;
  return (
    <section
      className={`outcome ${response.isError ? "outcome-danger" : "outcome-ok"}`}
      aria-label={t("mcp.outcome.label")}
      data-outcome="tool_result"
    >
      <h3>
        {response.isError ? t("mcp.outcome.toolError") : t("mcp.outcome.ok")}
        <Seconds ms={elapsedMs} />
      </h3>
      {response.textBlocks.map((block) => (
        <pre key={block.index} data-testid="result-text">
          {block.text}
        </pre>
      ))}
      {response.structuredJson && (
        <>
          <h4>{t("mcp.outcome.structured")}</h4>
          <pre>{response.structuredJson}</pre>
        </>
      )}
      {response.diagnostics.length > 0 && (
        <ul className="mcp-result-diags">
          {response.diagnostics.map((d, i) => (
            <li key={i}>
              <code>
                {d.code}
                {d.contentIndex !== undefined ? ` [${d.contentIndex}]` : ""}
              </code>{" "}
              {d.message}
            </li>
          ))}
        </ul>
      )}
      {empty && <p className="muted">{t("mcp.outcome.nothingDisplayable")}</p>}
    </section>
  );
}
