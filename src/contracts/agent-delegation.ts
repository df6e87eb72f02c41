/**
 * Wire shapes of delegation (docs/spec/agent-delegation.md): the invocations and tasks of a run
 * (`GET /agent/runs/:runId/invocations`, §7.1) and the payloads of the delegation journal events
 * (§7), which arrive in `agent.event` frames and event pages like every other event. The web client
 * imports the types (type-only, ADR 1700).
 */
import { z } from "zod";
import {
  CONTINUATIONS,
  EXIT_POLICIES,
  INVOCATION_KINDS,
  INVOCATION_STATUSES,
  TASK_STATUSES,
  type Continuation,
  type ExitPolicy,
  type InvocationKind,
  type InvocationStatus,
  type TaskStatus,
} from "../domain/agent/delegation/records";
import { isoTimeSchema } from "./device-views";

export { CONTINUATIONS, EXIT_POLICIES, INVOCATION_KINDS, INVOCATION_STATUSES, TASK_STATUSES };
export type { Continuation, ExitPolicy, InvocationKind, InvocationStatus, TaskStatus };

/** One invocation of a run (docs/spec/agent-delegation.md §1). */
export const agentInvocationViewSchema = z.strictObject({
  invocationId: z.string(),
  parentInvocationId: z.string().nullable(),
  profileId: z.string(),
  kind: z.enum(INVOCATION_KINDS),
  status: z.enum(INVOCATION_STATUSES),
  exitPolicy: z.enum(EXIT_POLICIES),
  /** The task that created it (null for the root). */
  taskId: z.string().nullable(),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});
export type AgentInvocationView = z.infer<typeof agentInvocationViewSchema>;

/** A task: the edge from the calling invocation to the one it started (§1, §7.1). */
export const delegationEdgeViewSchema = z.strictObject({
  taskId: z.string(),
  sourceInvocationId: z.string(),
  targetInvocationId: z.string(),
  targetProfileId: z.string(),
  workspaceKey: z.string(),
  continuation: z.enum(CONTINUATIONS),
  status: z.enum(TASK_STATUSES),
  /** The caller's tool call that created the task: the timeline nests the child under this row. */
  delegateCallId: z.string(),
  delegateRound: z.number().int().min(1),
  /** `task.title` of the brief, when given. */
  title: z.string().nullable(),
  objective: z.string(),
  /** The returned summary (completed or child-reported failed tasks). */
  summary: z.string().nullable(),
  resultRef: z.string().nullable(),
  error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
});
export type DelegationEdgeView = z.infer<typeof delegationEdgeViewSchema>;

/** `GET /agent/runs/:runId/invocations` (§7.1), in creation order. */
export const agentRunInvocationsSchema = z.strictObject({
  runId: z.string(),
  /** The root and handoff invocations (the ones that may commit). */
  foregroundInvocationIds: z.array(z.string()),
  invocations: z.array(agentInvocationViewSchema),
  delegationEdges: z.array(delegationEdgeViewSchema),
});
export type AgentRunInvocations = z.infer<typeof agentRunInvocationsSchema>;

/** Fields every delegation event payload carries about its task (§7). */
export interface DelegationEventBase {
  /** The invocation the event is about (its `eventScope.invocationId`). */
  invocationId: string;
  parentInvocationId: string | null;
  taskId: string;
  /** The caller's `agent_delegate` / `agent_handoff` tool call and its round. */
  delegateCallId: string;
  delegateRound: number;
}

/** `agent_task_registered` (invocationId = the caller). */
export interface AgentTaskRegisteredPayload extends DelegationEventBase {
  childInvocationId: string;
  targetProfileId: string;
  workspaceKey: string;
  continuation: Continuation;
  status: "queued";
  title: string | null;
}

/** `agent_invocation_created` / `_started` / `_completed` / `_failed` / `_cancelled` / `_transferred` of a non-root invocation. */
export interface AgentInvocationEventPayload extends DelegationEventBase {
  profileId: string;
  kind: InvocationKind;
  status: InvocationStatus;
  exitPolicy: ExitPolicy;
  code?: string;
  message?: string;
}

/** `agent_delegate_started` (invocationId = the caller). */
export interface AgentDelegateStartedPayload extends DelegationEventBase {
  childInvocationId: string;
  targetProfileId: string;
  workspaceKey: string;
}

/** `agent_task_started` / `_completed` / `_failed` / `_cancelled` (invocationId = the child). */
export interface AgentTaskStatusPayload extends DelegationEventBase {
  status: TaskStatus;
  resultRef?: string | null;
  error?: { code: string; message: string } | null;
}

/** `task_return_recorded` / `task_return_completed` (invocationId = the child). */
export interface TaskReturnPayload extends DelegationEventBase {
  status: "completed" | "failed";
  resultRef: string;
  summaryRef: string;
  summaryChars?: number;
  summaryWords?: number;
}

/** `agent_child_invocation_failed` (invocationId = the child). */
export interface AgentChildInvocationFailedPayload extends DelegationEventBase {
  code: string;
  message: string;
}

/** `agent_await_started` / `agent_await_completed` (invocationId = the waiting invocation). */
export interface AgentAwaitPayload {
  invocationId: string;
  mode: "nextCompleted" | "allCompleted" | "statusOnly";
  callId: string;
  round: number;
  taskIds?: string[];
  timeoutMs?: number;
  timedOut?: boolean;
  taskCount?: number;
}
