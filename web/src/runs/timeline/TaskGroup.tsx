/**
 * A sub-agent task under the `agent.delegate` call that created it (docs/spec/agent-delegation.md
 * §7.1): collapsible, labelled with the sub-agent profile's name, the task's title and its status
 * (waiting to start, running, returned, failed, cancelled); open, the child's rounds (the same rows
 * as the run's own, nested), the failure's code and sentence, and the result `task.return` gave
 * back. Open while the task runs and when it failed (so a reload shows why, as live did); a
 * returned or cancelled one starts folded. The failure shows once: in the round whose model attempt
 * ended it when there is one (`task.errorInRound`), else as the task's error.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorText } from "../../components/ErrorNote";
import { formatCount } from "../../i18n/format";
import { RoundItem } from "./RoundItem";
import { taskLabel, useTimelineEnv } from "./timeline-env";
import { liveFor } from "./round-state";
import type { TimelineTask } from "./timeline-model";

export interface TaskGroupProps {
  runId: string;
  task: TimelineTask;
  chatHref: string;
  checkpointBefore: (id: string) => string | null;
  canRevert: boolean;
}

export function TaskGroup({ runId, task, chatHref, checkpointBefore, canRevert }: TaskGroupProps) {
  const { t } = useTranslation();
  const env = useTimelineEnv();
  const working = task.status === "queued" || task.status === "running";
  const [open, setOpen] = useState(working || task.status === "failed");
  const summary = env.summaryOf(task.taskId);
  const { live } = env;
  return (
    <details
      className={`tl-task tl-task-${task.status}`}
      data-testid="tl-task"
      data-task-id={task.taskId}
      data-invocation={task.childInvocationId}
      data-status={task.status}
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <span className="tl-task-kind">{t("runs.timeline.task.subAgent")}</span>{" "}
        <strong className="tl-task-name" data-testid="tl-task-name">
          {taskLabel(env, task)}
        </strong>{" "}
        <span className="tl-task-status" data-testid="tl-task-status">
          {working && task.status === "running" && <span className="spinner" aria-hidden="true" />}
          {t(`runs.timeline.task.status.${task.status}`)}
        </span>
      </summary>
      <div className="tl-task-body">
        {task.error && !task.errorInRound && (
          <p className="tl-error" data-testid="tl-task-error">
            <ErrorText error={task.error} />
          </p>
        )}
        {task.returned && (
          <div className="tl-task-result" data-testid="tl-task-result">
            <h4>
              {task.returned.status === "failed"
                ? t("runs.timeline.task.returnedFailed")
                : t("runs.timeline.task.returned")}
            </h4>
            {summary !== undefined ? (
              <p className="tl-task-summary">{summary}</p>
            ) : (
              <p className="muted">
                {task.returned.summaryChars !== undefined
                  ? t("runs.timeline.task.summarySize", { chars: formatCount(task.returned.summaryChars) })
                  : t("runs.timeline.loading")}
              </p>
            )}
          </div>
        )}
        {task.rounds.length === 0 && working && <p className="muted">{t("runs.timeline.task.notStarted")}</p>}
        {open && task.rounds.length > 0 && (
          <ol className="tl-rounds tl-child-rounds">
            {task.rounds.map((round) => (
              <RoundItem
                key={round.key}
                runId={runId}
                round={round}
                live={liveFor(round, live)}
                active={env.active && working}
                chatHref={chatHref}
                checkpointBefore={checkpointBefore}
                canRevert={canRevert}
              />
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}
