/**
 * One explicit test call at a time (docs/spec/mcp-platform.md §14 test-call protocol, docs/spec/mcp-platform.md §11): `run` posts the
 * call with a fresh `callId`; `stop` asks the server to cancel (POST /mcp/test-calls/:id/cancel)
 * and waits up to STOP_GRACE_MS for the server's own outcome (normally `outcome_unknown`
 * `mcp.call_cancelled`), then stops waiting locally with a synthesized `outcome_unknown`. Leaving
 * the console does the same. Never retried; the result carries the elapsed milliseconds.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { describeError } from "../api/client";
import { i18n } from "../i18n/i18n";
import { newCallId } from "./display";
import type { McpApi } from "./mcp-api";
import type { CallOutcome } from "./types";

export const STOP_GRACE_MS = 3000;

export interface TestCallResult {
  outcome: CallOutcome;
  elapsedMs: number;
  /** True when the outcome was made up locally because we stopped waiting. */
  local: boolean;
}

interface Running {
  callId: string;
  controller: AbortController;
  startedAt: number;
  settled: Promise<unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useTestCall(mcp: McpApi) {
  const [running, setRunning] = useState<Running | null>(null);
  const [stopping, setStopping] = useState(false);
  const [result, setResult] = useState<TestCallResult | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const current = useRef<Running | null>(null);

  const run = useCallback(
    (registrationId: string, nativeName: string, argumentsJson: string) => {
      if (current.current) return;
      const controller = new AbortController();
      const callId = newCallId();
      const startedAt = performance.now();
      setResult(null);
      setError(null);
      const settled = mcp
        .testCall(registrationId, nativeName, argumentsJson, callId, controller.signal)
        .then(
          (outcome) => {
            if (current.current?.callId === callId)
              setResult({ outcome, elapsedMs: performance.now() - startedAt, local: false });
          },
          (cause) => {
            if (controller.signal.aborted || current.current?.callId !== callId) return;
            setError(describeError(cause));
          },
        )
        .finally(() => {
          if (current.current?.callId === callId) {
            current.current = null;
            setRunning(null);
            setStopping(false);
          }
        });
      const entry = { callId, controller, startedAt, settled };
      current.current = entry;
      setRunning(entry);
    },
    [mcp],
  );

  const stop = useCallback(async () => {
    const entry = current.current;
    if (!entry) return;
    setStopping(true);
    void mcp.cancelTestCall(entry.callId).catch(() => undefined);
    await Promise.race([entry.settled, sleep(STOP_GRACE_MS)]);
    if (current.current?.callId !== entry.callId) return;
    current.current = null;
    entry.controller.abort();
    setResult({
      outcome: {
        outcome: "outcome_unknown",
        code: "mcp.call_cancelled",
        message: i18n.t("mcp.test.stoppedWaiting"),
      },
      elapsedMs: performance.now() - entry.startedAt,
      local: true,
    });
    setRunning(null);
    setStopping(false);
  }, [mcp]);

  useEffect(
    () => () => {
      const entry = current.current;
      if (!entry) return;
      current.current = null;
      void mcp.cancelTestCall(entry.callId).catch(() => undefined);
      entry.controller.abort();
    },
    [mcp],
  );

  return {
    running: running !== null,
    startedAt: running?.startedAt ?? null,
    stopping,
    result,
    error,
    run,
    stop,
    clear: () => {
      setResult(null);
      setError(null);
    },
  };
}
