/**
 * A test call's outcome per kind (docs/spec/mcp-platform.md §10, §15.9), with elapsed time: tool result
 * (OK / "Tool returned an error", each text block as preformatted text, structured JSON, content
 * diagnostics), `server_error`, `unsupported_response`, `not_sent`, `outcome_unknown` ("may have
 * executed, never retried"). Everything is rendered as text.
 */
import type { TestCallResult } from "./use-test-call";

function Seconds({ ms }: { ms: number }) {
  return <span className="muted"> · {ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`}</span>;
}

export function OutcomeView({ result }: { result: TestCallResult }) {
  const { outcome, elapsedMs } = result;
  if (outcome.outcome === "not_sent") {
    return (
      <section className="outcome outcome-muted" aria-label="Test result" data-outcome="not_sent">
        <h3>
          Not sent
          <Seconds ms={elapsedMs} />
        </h3>
        <p>{outcome.message}</p>
        <code>{outcome.code}</code>
      </section>
    );
  }
  if (outcome.outcome === "outcome_unknown") {
    return (
      <section className="outcome outcome-danger" aria-label="Test result" data-outcome="outcome_unknown">
        <h3>
          Outcome unknown
          <Seconds ms={elapsedMs} />
        </h3>
        <p>
          <strong>The call may have executed.</strong> It is never retried.
        </p>
        <p>{outcome.message}</p>
        <code>{outcome.code}</code>
      </section>
    );
  }
  const response = outcome.response;
  if (response.kind === "server_error") {
    return (
      <section className="outcome outcome-danger" aria-label="Test result" data-outcome="server_error">
        <h3>
          Server error {response.code}
          <Seconds ms={elapsedMs} />
        </h3>
        <p>{response.message}</p>
        {response.dataJson && <pre>{response.dataJson}</pre>}
      </section>
    );
  }
  if (response.kind === "unsupported_response") {
    return (
      <section className="outcome outcome-muted" aria-label="Test result" data-outcome="unsupported_response">
        <h3>
          Unsupported response ({response.responseType})<Seconds ms={elapsedMs} />
        </h3>
        <p>{response.message}</p>
      </section>
    );
  }
  const empty = response.textBlocks.length === 0 && !response.structuredJson && response.diagnostics.length === 0;
  return (
    <section
      className={`outcome ${response.isError ? "outcome-danger" : "outcome-ok"}`}
      aria-label="Test result"
      data-outcome="tool_result"
    >
      <h3>
        {response.isError ? "Tool returned an error" : "OK"}
        <Seconds ms={elapsedMs} />
      </h3>
      {response.textBlocks.map((block) => (
        <pre key={block.index} data-testid="result-text">
          {block.text}
        </pre>
      ))}
      {response.structuredJson && (
        <>
          <h4>Structured content</h4>
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
      {empty && <p className="muted">The server responded, but with nothing displayable.</p>}
    </section>
  );
}
