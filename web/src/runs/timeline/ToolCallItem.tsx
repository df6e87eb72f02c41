/**
 * One tool call in the timeline: its name (and MCP server), status, time and, for a failed call,
 * the code and sentence; opened, its arguments and the result the model received (long texts cut
 * with "Show all") and, for MCP calls, the outcome as the server answered ("may have executed" for
 * an unknown outcome). Details load from `GET …/tool-calls/:callId` when first opened. The
 * workspace writes of the call show as inline diffs below it; a commit links to the chat message.
 * An `agent.delegate` call shows the sub-agent task it created, nested (TaskGroup); an
 * `agent.await` call the tasks it received; an `agent.handoff` call whom the run passed to.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNote, ErrorText } from "../../components/ErrorNote";
import { formatDuration } from "../../i18n/format";
import { useAction } from "../../state/use-action";
import { CommitLine } from "./CommitLine";
import { prettyExactJson } from "./exact-json";
import { AwaitLine, HandoffLine } from "./DelegationLines";
import { TaskGroup } from "./TaskGroup";
import { LongText } from "./LongText";
import type { ToolCallView } from "./timeline-api";
import type { TimelineCall } from "./timeline-model";
import { useTimelineApi } from "./use-timeline-api";
import { WriteDiff } from "./WriteDiff";

function outcomeOf(view: ToolCallView): "answered" | "error" | "not_sent" | "outcome_unknown" | null {
  if (!view.raw) return null;
  if (view.raw.outcome !== "known_response") return view.raw.outcome;
  return view.result?.isError ? "error" : "answered";
}

export function ToolCallItem({
  runId,
  call,
  chatHref,
  checkpointBefore,
  canRevert,
}: {
  runId: string;
  call: TimelineCall;
  chatHref: string;
  canRevert: boolean;
  checkpointBefore: (id: string) => string | null;
}) {
  const { t } = useTranslation();
  const api = useTimelineApi();
  // The details as read, with the call's status when they were asked for: a call opened while it
  // was under way is read again once its status changes (its result, or its cut-off outcome, is
  // stored by then), and until then it says "No result yet." rather than what the new status implies.
  const [loaded, setLoaded] = useState<{ view: ToolCallView; status: TimelineCall["status"] } | null>(null);
  const load = useAction(
    async () => {
      const status = call.status;
      setLoaded({ view: await api.toolCall(runId, call.callId, call.invocationId, call.round), status });
    },
    { toastErrors: false },
  );
  const view = loaded?.view ?? null;
  const readAt = useRef<TimelineCall["status"] | null>(null);
  useEffect(() => {
    if (!loaded || loaded.status === call.status || readAt.current === call.status || load.busy) return;
    readAt.current = call.status;
    void load.run();
  }, [loaded, call.status, load]);
  const mcp = call.toolId?.startsWith("mcp/") ?? false;
  const outcome = view ? outcomeOf(view) : null;
  const onToggle = (open: boolean) => {
    if (open && !view && !load.busy) {
      readAt.current = call.status;
      void load.run();
    }
  };
  const settledWhenRead = loaded?.status ?? call.status;
  return (
    <li className={`tl-call tl-call-${call.status}`} data-testid="tool-call" data-call-id={call.callId}>
      <details onToggle={(e) => onToggle((e.currentTarget as HTMLDetailsElement).open)}>
        <summary>
          <span className="tl-call-name">{call.name}</span>
          {mcp && view?.server && (
            <span className="tl-badge" data-testid="tool-server">
              {t("runs.timeline.server", { name: view.server.displayName ?? view.server.registrationId })}
            </span>
          )}
          {mcp && !view && <span className="tl-badge">{t("runs.timeline.mcp")}</span>}
          <span className="tl-call-status">{t(`runs.timeline.callStatus.${call.status}`)}</span>
          {call.elapsedMs !== undefined && <span className="muted tl-time">{formatDuration(call.elapsedMs)}</span>}
        </summary>
        <div className="tl-call-body">
          {load.busy && (
            <p role="status">
              <span className="spinner" aria-hidden="true" /> {t("runs.timeline.loading")}
            </p>
          )}
          <ErrorNote error={load.error} />
          {view && (
            <>
              {outcome && (
                <p className={`tl-outcome tl-outcome-${outcome}`} data-testid="tool-outcome">
                  {t(`runs.timeline.outcome.${outcome}`)}
                </p>
              )}
              <h4>{t("runs.timeline.arguments")}</h4>
              <LongText text={prettyExactJson(view.argumentsText)} testId="tool-arguments" />
              <h4>{t("runs.timeline.result")}</h4>
              {view.result ? (
                <LongText text={view.result.content} testId="tool-result" />
              ) : (
                <p className="muted" data-testid="tool-no-result">
                  {/* None yet while under way; a settled call without one is the call its agent stopped at
                      (a fatal refusal such as an unknown tool); not_run, one the run ended before;
                      interrupted, one the run ended while it ran. */}
                  {settledWhenRead === "not_run"
                    ? t("runs.timeline.noResultNotRun")
                    : settledWhenRead === "interrupted"
                      ? t("runs.timeline.noResultInterrupted")
                      : settledWhenRead === "done" || settledWhenRead === "failed"
                        ? t("runs.timeline.noResultStopped")
                        : t("runs.timeline.noResultYet")}
                </p>
              )}
              {view.raw?.outcome === "known_response" && view.raw.response.kind === "tool_result" && (
                <details className="tl-raw">
                  <summary>{t("runs.timeline.raw")}</summary>
                  <LongText text={view.raw.response.textBlocks.map((b) => b.text).join("\n\n")} />
                  {view.raw.response.structuredJson && <LongText text={view.raw.response.structuredJson} />}
                </details>
              )}
              {view.truncated && <p className="muted">{t("runs.timeline.truncated")}</p>}
            </>
          )}
        </div>
      </details>
      {call.status === "failed" && call.errorCode && (
        <p className="tl-error" data-testid="tool-error">
          <ErrorText error={{ code: call.errorCode, message: call.message ?? "" }} />
        </p>
      )}
      {call.writes.map((write, i) => (
        <WriteDiff
          // biome-ignore lint/suspicious/noArrayIndexKey: a call's writes keep their order
          key={i}
          runId={runId}
          write={write}
          before={write.checkpointId ? checkpointBefore(write.checkpointId) : null}
        />
      ))}
      {call.commit && <CommitLine runId={runId} commit={call.commit} chatHref={chatHref} canRevert={canRevert} />}
      {call.awaited && (
        <AwaitLine awaited={call.awaited} ended={call.status === "not_run" || call.status === "interrupted"} />
      )}
      {call.handoff && <HandoffLine handoff={call.handoff} />}
      {call.task && (
        <TaskGroup
          runId={runId}
          task={call.task}
          chatHref={chatHref}
          checkpointBefore={checkpointBefore}
          canRevert={canRevert}
        />
      )}
    </li>
  );
}
