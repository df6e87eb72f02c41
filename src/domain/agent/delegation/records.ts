/**
 * Invocations and tasks of an agent run (docs/spec/agent-delegation.md §1): the records the
 * delegation store keeps (schema v24) and the words of their statuses.
 */
export const INVOCATION_KINDS = ["root", "subagent", "handoff"] as const;
export type InvocationKind = (typeof INVOCATION_KINDS)[number];
export const INVOCATION_STATUSES = ["created", "running", "completed", "failed", "cancelled", "transferred"] as const;
export type InvocationStatus = (typeof INVOCATION_STATUSES)[number];
export const EXIT_POLICIES = ["run_finish_allowed", "task_return_required"] as const;
export type ExitPolicy = (typeof EXIT_POLICIES)[number];
export const TASK_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const CONTINUATIONS = ["return_to_parent", "transfer_control"] as const;
export type Continuation = (typeof CONTINUATIONS)[number];

/** One invocation of a run (times ms epoch). */
export interface InvocationRecord {
  runId: string;
  invocationId: string;
  parentInvocationId: string | null;
  profileId: string;
  kind: InvocationKind;
  status: InvocationStatus;
  exitPolicy: ExitPolicy;
  taskId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** The brief given to agent.delegate / agent.handoff (`objective` required, other keys kept). */
export type TaskBrief = { objective: string; title?: string } & Record<string, unknown>;

/** One task (times ms epoch). */
export interface TaskRecord {
  runId: string;
  taskId: string;
  parentInvocationId: string;
  childInvocationId: string;
  targetProfileId: string;
  workspaceKey: string;
  continuation: Continuation;
  status: TaskStatus;
  brief: TaskBrief;
  delegateCallId: string;
  delegateRound: number;
  summary: string | null;
  resultRef: string | null;
  error: { code: string; message: string } | null;
  /** The caller has seen the result (through agent.await or the one-time injection). */
  delivered: boolean;
  createdAt: number;
  updatedAt: number;
}
