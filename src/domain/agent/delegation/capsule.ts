/**
 * The result capsule of agent.await and of the one-time injection of unawaited results
 * (docs/spec/agent-delegation.md §3, §4): markdown the model reads, one section per task, and the
 * structured view.
 */
import type { TaskRecord } from "./records";

/** Hosted token estimate of task.return's budget: one token per 4 UTF-16 units, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** One task as agent.await shows it. */
export interface TaskView {
  taskId: string;
  agentId: string;
  title: string | null;
  status: TaskRecord["status"];
  summary?: string;
  resultRef?: string;
  error?: { code: string; message: string };
}

export function taskView(task: TaskRecord): TaskView {
  return {
    taskId: task.taskId,
    agentId: task.targetProfileId,
    title: typeof task.brief.title === "string" ? task.brief.title : null,
    status: task.status,
    ...(task.summary !== null ? { summary: task.summary } : {}),
    ...(task.resultRef !== null ? { resultRef: task.resultRef } : {}),
    ...(task.error !== null ? { error: task.error } : {}),
  };
}

/** The markdown capsule of `tasks`. */
export function renderCapsule(tasks: ReadonlyArray<TaskRecord>, heading: string): string {
  const sections = tasks.map((task) => {
    const view = taskView(task);
    const lines = [`## Task ${view.taskId}${view.title ? `: ${view.title}` : ""}`, `- Agent: ${view.agentId}`];
    lines.push(`- Status: ${view.status}`);
    if (view.error) lines.push(`- Error: ${view.error.code}: ${view.error.message}`);
    if (view.resultRef) lines.push(`- Result file: ${view.resultRef}`);
    if (view.summary !== undefined) lines.push("", view.summary);
    else if (view.status === "queued" || view.status === "running") lines.push("", "(still working)");
    return lines.join("\n");
  });
  return [`# ${heading}`, ...sections].join("\n\n");
}

/** Tasks not finished yet. */
export const isUnfinished = (task: TaskRecord) => task.status === "queued" || task.status === "running";
