/**
 * What a chat generation is built from (src/composition/chat-generation.ts
 * `chatGenerationDeps(space)`); tests build the same object with a scripted ModelGateway and a
 * fake MCP caller. Memory-only parts (`inflight`, `live`) hold nothing that is not also in SQLite
 * except the not-yet-flushed stream buffer.
 */
import type { ApprovalService } from "../approvals/approval-service";
import type { ToolAsk } from "../approvals/tool-permission";
import type { McpCallOutcome } from "../../domain/mcp/call-outcome";
import type { ContextBudget } from "../../domain/models/context-budget";
import type { GenerationStore } from "../../ports/generation-store";
import type { ModelGateway } from "../../ports/model-gateway";
import type { Clock, OutboundSlots, Scheduler, SocketHub } from "../../ports/space";
import type { ChatDeps } from "../chats/chat-context";
import type { PromptBuilder } from "../prompt/prompt-builder";
import type { ModelToolResolution } from "../tools/model-tool-resolver";
import type { LiveStream } from "./live-stream";

/** Step kind: one step of a generation (ref = generation id; docs/spec/scheduling.md "Step kinds"). */
export const GENERATION_STEP_JOB = "chat.generation_step";
/** Scheduler job: deletes an ended generation record 24 h after it ended (ref = generation id). */
export const GENERATION_EXPIRE_JOB = "chat.generation_expire";

export interface GenerationDeps {
  store: GenerationStore;
  chats: ChatDeps;
  prompts: PromptBuilder;
  /** The connection's context budget (null = default connection). `model.connection_not_found`. */
  budgetFor(connectionId: string | null): ContextBudget & { connectionId: string };
  /** A gateway for the connection (null = default). `model.connection_not_found`, `secrets.*`. */
  gatewayFor(connectionId: string | null): Promise<ModelGateway>;
  /** One cached-only resolver read: every Ask/Allow MCP tool, §5.2 binding order. */
  listTools(): Promise<ModelToolResolution>;
  /** Send-time recheck + one `tools/call` (tool system `callPermittedTool`). */
  callMcpTool(toolId: string, args: Record<string, unknown>, signal: AbortSignal): Promise<McpCallOutcome>;
  /** Tool-call approvals (docs/spec/approvals.md): ask, read a decision, cancel when the generation ends. */
  approvals: Pick<ApprovalService, "request" | "find" | "cancelFor" | "pendingFor" | "bindHolder">;
  /** An MCP tool's permission now and its server's name (null: registration gone or not an MCP tool). */
  toolAsk(toolId: string): ToolAsk | null;
  scheduler: Scheduler;
  /** The object's outbound-call slots: every model and MCP call takes one (docs/spec/scheduling.md §4). */
  outbound: OutboundSlots;
  clock: Clock;
  sockets: SocketHub;
  /** Wall-clock limit of one model attempt, ms. */
  modelCallMs: number;
  /** Running generations of this object (Stop aborts them). Memory only. */
  inflight: Map<string, AbortController>;
  /** Live streams by generation id (memory only; the flushed part is also in SQLite). */
  live: Map<string, LiveStream>;
}
