/**
 * One round of the timeline: the model's narration (streamed live while the model writes, the
 * stored preview afterwards, "Show all" loads the whole turn), its reasoning collapsed, failed
 * attempts with code and sentence, guidance given to the model, the time the model took, then the
 * round's tool calls.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNote, ErrorText } from "../../components/ErrorNote";
import { formatDuration } from "../../i18n/format";
import { useAction } from "../../state/use-action";
import type { InvocationStreamView, ModelTurnView } from "./timeline-api";
import { attemptOutcome, modelAtWork } from "./round-state";
import { spanMs, type TimelineRound } from "./timeline-model";
import { ToolCallItem } from "./ToolCallItem";
import { useTimelineApi } from "./use-timeline-api";

/** The line's opening words for each outcome of a failed model attempt (attemptOutcome). */
const ATTEMPT_TEXT = {
  retried: "runs.timeline.attemptRetried",
  retrying: "runs.timeline.attemptRetry",
  final: "runs.timeline.attemptFailed",
} as const;

export function RoundItem({
  runId,
  round,
  live,
  active,
  chatHref,
  checkpointBefore,
  canRevert,
}: {
  runId: string;
  round: TimelineRound;
  /** The live stream when it belongs to this round. */
  live: InvocationStreamView | null;
  /** The run is still working (a failed or finished run writes nothing more). */
  active: boolean;
  chatHref: string;
  checkpointBefore: (id: string) => string | null;
  canRevert: boolean;
}) {
  const { t } = useTranslation();
  const api = useTimelineApi();
  const [turn, setTurn] = useState<ModelTurnView | null>(null);
  const load = useAction(async () => setTurn(await api.modelTurn(runId, round.round, round.invocationId)), {
    toastErrors: false,
  });
  const streaming = active && !round.cutOff && modelAtWork(round);
  // model_completed lists at most 64 calls of a turn; the rest show only once they are requested.
  const unlisted = Math.max(0, (round.toolCallCount ?? 0) - round.calls.length);
  const text = turn?.assistant.text ?? (live && live.text.length > 0 ? live.text : round.narration?.text);
  const cut = !turn && !(live && live.text.length > 0) && round.narration?.truncated === true;
  const reasoning = turn?.reasoning.map((r) => r.text).join("\n\n") ?? (live?.reasoning || null);
  const modelMs = spanMs(round.startedAt, round.answeredAt);
  return (
    <li className="tl-round" data-testid="tl-round" data-round={round.round} data-invocation={round.invocationId}>
      <div className="tl-round-head">
        <h3>{t("runs.timeline.round", { round: round.round })}</h3>
        {modelMs !== undefined && (
          <span className="muted tl-time">{t("runs.timeline.modelTook", { time: formatDuration(modelMs) })}</span>
        )}
        {streaming && (
          <span className="muted" role="status">
            <span className="spinner" aria-hidden="true" /> {t("runs.timeline.modelWriting")}
          </span>
        )}
      </div>
      {round.guidance.map((g, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: guidance items keep their order
        <p key={i} className="tl-guidance">
          {t("runs.timeline.guidanceGiven", { text: g })}
        </p>
      ))}
      {text && (
        <div className="tl-narration" data-testid="tl-narration" aria-live={streaming ? "polite" : undefined}>
          <p className="tl-narration-text">
            {text}
            {cut && "…"}
          </p>
          {cut && (
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => void load.run()}
              disabled={load.busy}
            >
              {t("runs.timeline.showWholeTurn")}
            </button>
          )}
        </div>
      )}
      {(round.hasReasoning || reasoning) && (
        <details
          className="tl-reasoning"
          onToggle={(e) => {
            if ((e.currentTarget as HTMLDetailsElement).open && !turn && !reasoning && !load.busy) void load.run();
          }}
        >
          <summary>{t("runs.timeline.reasoning")}</summary>
          {reasoning ? <pre>{reasoning}</pre> : load.busy && <span className="spinner" aria-hidden="true" />}
        </details>
      )}
      <ErrorNote error={load.error} />
      {round.failedAttempts.map((a, i) => {
        const outcome = attemptOutcome(round, a);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: attempts keep their order
          <p key={i} className={outcome === "final" ? "tl-error" : "tl-warn"}>
            {t(ATTEMPT_TEXT[outcome])} <ErrorText error={{ code: a.code, message: a.message, details: a.details }} />
          </p>
        );
      })}
      {round.cutOff && (
        <p className="muted" data-testid="tl-cut-off">
          {t("runs.timeline.modelCutOff")}
        </p>
      )}
      {round.calls.length > 0 && (
        <ol className="tl-calls">
          {round.calls.map((call) => (
            <ToolCallItem
              key={call.key}
              runId={runId}
              call={call}
              chatHref={chatHref}
              checkpointBefore={checkpointBefore}
              canRevert={canRevert}
            />
          ))}
        </ol>
      )}
      {unlisted > 0 && (
        <p className="muted" data-testid="tl-unlisted-calls">
          {t("runs.timeline.unlistedCalls", { count: unlisted })}
        </p>
      )}
    </li>
  );
}
