/**
 * What the agent loop is built from (src/composition/agent-loop.ts `agentLoopDeps(space)`).
 * Tests build the same object with a scripted ModelGateway and a fake MCP caller.
 */
import type { McpCallOutcome } from "../../../domain/mcp/call-outcome";
import type { ApprovalService } from "../../approvals/approval-service";
import type { ToolAsk } from "../../approvals/tool-permission";
import type { ProfileToolPolicy } from "../../../domain/tools/snapshot-compiler";
import type { AgentLoopStore } from "../../../ports/agent-loop-store";
import type { DelegationTargets, RunProfileResolver } from "../../../ports/agent-profile-resolver";
import type { DelegationStore } from "../../../ports/delegation-store";
import type { SkillBlobs, SkillRepository } from "../../../ports/skill-repository";
import type { ModelGateway } from "../../../ports/model-gateway";
import type { Clock, OutboundSlots, Scheduler } from "../../../ports/space";
import type { ChatService } from "../../chats/chat-service";
import type { PreparedInvocationTools } from "../../tools/invocation-tools";
import type { WorkspaceDeps } from "../../workspace/deps";
import type { JournalService } from "../journal";
import type { RunRecordService } from "../run-records";

/**
 * Step kind of one loop step (docs/spec/scheduling.md); `ref` is `stepRef(runId, invocationId)`.
 * The scheduler starts it detached under a 20 s lease renewed by a heartbeat; if the object dies
 * mid-step the step is recovered within seconds of the object coming back (docs/decisions/1800).
 */
export const STEP_JOB = "agent.step";
/** Job kind of the loop's watchdog (one per object, ref WATCHDOG_REF; watchdog.ts). */
export const WATCHDOG_JOB = "agent.watchdog";
export const WATCHDOG_REF = "runs";

/** The chat service methods the loop uses. */
export type LoopChats = Pick<
  ChatService,
  | "getChat"
  | "messageAt"
  | "messagesAt"
  | "search"
  | "readMessages"
  | "freezePrefix"
  | "commitAgentMessage"
  | "getMessage"
  | "editMessage"
>;

import type { RunMemo } from "./run-memo";

export interface LoopDeps {
  runs: RunRecordService;
  /** Invocations and tasks of runs (docs/spec/agent-delegation.md §1). */
  delegation: DelegationStore;
  /** Profiles agents may delegate to or hand off to (agent.list, agent.delegate). */
  agents: DelegationTargets;
  journal: JournalService;
  store: AgentLoopStore;
  chats: LoopChats;
  workspace: WorkspaceDeps;
  /**
   * [agent-profiles]' `resolveForRun` (only start-run calls it; every step reads the run's frozen
   * v3 document instead, StepContext.profile()).
   */
  profiles: RunProfileResolver;
  /**
   * A gateway for the connection (null = the user's default), using `modelId` instead of the
   * connection's model when given (a `connectionRef` profile's model, docs/spec/profiles.md).
   * Errors: `model.connection_not_found`, `secrets.key_unavailable`, `secrets.key_mismatch`.
   */
  gatewayFor(connectionId: string | null, modelId?: string | null): Promise<ModelGateway>;
  /**
   * Resolves MCP tools cached-only and compiles the InvocationToolSnapshot (tool-system); the
   * same function builds "What the model sees" (application/tools/invocation-tools.ts).
   */
  prepareTools(policy: ProfileToolPolicy, snapshotId: string): Promise<PreparedInvocationTools>;
  /** Installed skills and their file bytes (skill tools; docs/spec/skills.md). */
  skills: { repo: SkillRepository; blobs: Pick<SkillBlobs, "readBytes"> };
  /** Send-time recheck + one `tools/call` (tool-system `callPermittedTool`). */
  callMcpTool(toolId: string, args: Record<string, unknown>, signal: AbortSignal): Promise<McpCallOutcome>;
  /** Tool-call approvals (docs/spec/approvals.md): ask, read a decision, cancel when the run ends. */
  approvals: Pick<ApprovalService, "request" | "find" | "cancelFor" | "pendingFor" | "bindHolder">;
  /** An MCP tool's permission now and its server's name (null: not an MCP tool, or its registration is gone). */
  toolAsk(toolId: string): ToolAsk | null;
  scheduler: Scheduler;
  /** The object's outbound-call slots: every model and MCP call of a step takes one (queue.ts). */
  outbound: OutboundSlots;
  clock: Clock;
  /**
   * Wall-clock limit of one model attempt, ms (DEFAULT_MODEL_CALL_MS = 180 s in model-timeout.ts;
   * development/tests: `TIMEOUT_OVERRIDES.modelCallMs`). Past it the attempt is a retryable
   * `model.request_failed` (docs/decisions/1470).
   */
  modelCallMs: number;
  /**
   * Longest an MCP tool step may take, ms: `mcpCallBudgetMs` (domain/mcp/gateway-limits.ts: client
   * start-up + one list page + the 10 min cap of a call that keeps reporting progress + close). The
   * watchdog judges a run waiting on a tool by it, and a started call records
   * `deadlineAt = startedAt + mcpStepMs` on its PendingCall (docs/spec/hardening.md "Long tool calls").
   */
  mcpStepMs: number;
  /**
   * In-flight steps of this object by `stepRef(runId, invocationId)` (cancel aborts every one of
   * the run). Memory only.
   */
  inflight: Map<string, AbortController>;
  /**
   * Parsed run documents kept between steps (conversation, frozen profile, tool and prompt
   * snapshots; ./run-memo.ts, docs/decisions/3101). Memory only; absent = read and parse every step.
   */
  memo?: RunMemo;
}
