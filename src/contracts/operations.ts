/**
 * The operations of the user's Durable Object that the HTTP routes call, typed once: each
 * operation's input (what the route passes after validating the request with the zod contracts
 * of this folder) and output (the response DTO the route returns as JSON). `defineOps`
 * (durable-objects/ops/registry.ts) types a handler of a listed operation from this table, so a
 * handler that takes or returns something else fails to compile. Operations not listed here
 * (development routes, workspace reads, model turns, the chat export stream) keep their
 * handler's own types.
 */
import type { z } from "zod";
import type { AgentRunStatus } from "../domain/agent/run-status";
import type { guidanceBodySchema, startRunBodySchema } from "./agent-loop";
import type {
  AgentRunDeleted,
  AgentRunEventPage,
  AgentRunHandle,
  AgentRunPage,
  AgentRunSummary,
  GuidanceReceipt,
} from "./agent-run-views";
import type { readEventsQuerySchema } from "./agent-runs";
import type { ApprovalDecision, ApprovalSettings, ApprovalStatus, ApprovalView } from "./approval-views";
import type {
  ChatDeleted,
  ChatPage,
  ChatView,
  ImportedChatView,
  MessageDeleted,
  MessageView,
  MessageWindow,
  SearchHit,
} from "./chat-views";
import type {
  appendMessageBodySchema,
  createChatBodySchema,
  editMessageBodySchema,
  searchQuerySchema,
  updateChatBodySchema,
} from "./chats";
import type { ConnectionDeleted, ConnectionList, ConnectionTestResult, ModelConnectionView } from "./connection-views";
import type { createConnectionBodySchema, updateConnectionBodySchema } from "./connections";
import type { DeviceList, DeviceView, PairingCode, WsTicket } from "./device-views";
import type { chatDetailSchema } from "./generation-views";
import type {
  createServerBodySchema,
  descriptionOverrideSchema,
  importServersBodySchema,
  setPermissionBodySchema,
  setPermissionsBodySchema,
  setStateBodySchema,
} from "./mcp";
import type {
  McpCallOutcomeDto,
  McpDiscoveryView,
  McpImportResult,
  McpServerList,
  McpServerRemoved,
  McpServerView,
} from "./mcp-views";
import type {
  AgentProfileDefinition,
  AgentProfileHealth,
  AgentToolSpec,
  ProfileImportResult,
  ProfileList,
} from "./profile-views";

type Op<I, O> = { input: I; output: O };
type None = Record<string, never>;
type ChatId = { chatId: string };
type MessageId = { chatId: string; messageId: string };
type Registration = { registrationId: string; ifRevision?: number | undefined };
type RunId = { runId: string };
type Out<S extends z.ZodType> = z.output<S>;

/** Operation name → `{input, output}`. */
export interface OperationContracts {
  "devices.list": Op<None, DeviceList>;
  "devices.rename": Op<{ deviceId: string; name: string }, DeviceView>;
  "devices.revoke": Op<{ deviceId: string }, DeviceView>;
  "devices.createPairingCode": Op<None, PairingCode>;
  "devices.createTicket": Op<None, WsTicket>;

  "chats.create": Op<Out<typeof createChatBodySchema>, ChatView>;
  "chats.list": Op<{ cursor?: string | undefined; limit?: number | undefined }, ChatPage>;
  "chats.get": Op<ChatId, Out<typeof chatDetailSchema>>;
  "chats.update": Op<ChatId & Out<typeof updateChatBodySchema>, ChatView>;
  "chats.delete": Op<ChatId, ChatDeleted>;
  "chats.duplicate": Op<ChatId & { title?: string | undefined }, ChatView>;
  "chats.messages.read": Op<
    ChatId & {
      offset?: number | undefined;
      limit?: number | undefined;
      fromEnd?: boolean;
      beforeMessageId?: string | undefined;
    },
    MessageWindow
  >;
  "chats.messages.get": Op<MessageId, MessageView>;
  "chats.messages.append": Op<ChatId & Out<typeof appendMessageBodySchema>, MessageView>;
  "chats.messages.edit": Op<MessageId & Out<typeof editMessageBodySchema>, MessageView>;
  "chats.messages.delete": Op<MessageId & { ifRevision?: number }, MessageDeleted>;
  "chats.search": Op<ChatId & Out<typeof searchQuerySchema>, { hits: SearchHit[] }>;
  "chats.import": Op<{ body: ReadableStream<Uint8Array>; title?: string }, ImportedChatView>;

  "connections.list": Op<None, ConnectionList>;
  "connections.get": Op<{ connectionId: string }, ModelConnectionView>;
  "connections.create": Op<Out<typeof createConnectionBodySchema>, ModelConnectionView>;
  "connections.update": Op<
    { connectionId: string; patch: Out<typeof updateConnectionBodySchema> },
    ModelConnectionView
  >;
  "connections.delete": Op<{ connectionId: string }, ConnectionDeleted>;
  "connections.test": Op<{ connectionId: string }, ConnectionTestResult>;

  "mcp.servers.list": Op<None, McpServerList>;
  /** The JSON text of an McpServerList (sent as is; one string crosses the hop, docs/decisions/3150). */
  "mcp.servers.listJson": Op<None, string>;
  "mcp.servers.create": Op<Out<typeof createServerBodySchema>, McpServerView>;
  "mcp.servers.import": Op<Out<typeof importServersBodySchema>, McpImportResult>;
  "mcp.servers.update": Op<Registration & { server: Required<Out<typeof createServerBodySchema>> }, McpServerView>;
  "mcp.servers.remove": Op<Registration, McpServerRemoved>;
  "mcp.servers.setState": Op<Registration & Pick<Out<typeof setStateBodySchema>, "state">, McpServerView>;
  "mcp.tools.setPermission": Op<
    Registration & { nativeName: string } & Pick<Out<typeof setPermissionBodySchema>, "permission">,
    McpServerView
  >;
  "mcp.tools.setPermissions": Op<
    Registration & { permissions: Out<typeof setPermissionsBodySchema>["permissions"] },
    McpServerView
  >;
  "mcp.tools.acceptReview": Op<Registration & { nativeName: string }, McpServerView>;
  "mcp.tools.setDescriptionOverride": Op<
    Registration & { nativeName: string; override: Out<typeof descriptionOverrideSchema> | null },
    McpServerView
  >;
  "mcp.servers.discover": Op<{ registrationId: string }, McpDiscoveryView>;
  "mcp.servers.refresh": Op<{ registrationId: string }, McpDiscoveryView>;
  "mcp.tools.testCall": Op<
    { registrationId: string; nativeName: string; argumentsJson: string; callId?: string },
    McpCallOutcomeDto
  >;
  "mcp.testCalls.cancel": Op<{ callId: string }, { callId: string; state: "cancelled" | "not_running" }>;
  /** The JSON text of a ModelToolsView (sent as is; one string crosses the hop, docs/decisions/3100). */
  "mcp.modelTools": Op<{ profileId?: string }, string>;

  "agent.runs.start": Op<Out<typeof startRunBodySchema>, AgentRunHandle>;
  "agent.runs.cancel": Op<RunId, AgentRunHandle>;
  "agent.runs.guidance": Op<RunId & Out<typeof guidanceBodySchema>, GuidanceReceipt>;
  "agent.runs.list": Op<
    {
      stableChatId?: string | undefined;
      statuses?: AgentRunStatus[] | undefined;
      cursor?: string | undefined;
      limit?: number | undefined;
    },
    AgentRunPage
  >;
  "agent.runs.get": Op<RunId, AgentRunSummary>;
  "agent.runs.events": Op<RunId & Out<typeof readEventsQuerySchema>, AgentRunEventPage>;
  "agent.runs.delete": Op<RunId, AgentRunDeleted>;

  "profiles.list": Op<None, ProfileList>;
  "profiles.load": Op<{ profileId: string }, { profile: AgentProfileDefinition | null }>;
  "profiles.save": Op<{ profile: Record<string, unknown>; profileId?: string }, { profile: AgentProfileDefinition }>;
  "profiles.repair": Op<
    { profileId: string; action: "delete" | "normalizeIdentity" },
    { profileId: string; action: string; profile: AgentProfileDefinition | null }
  >;
  "profiles.export": Op<{ profileId: string }, AgentProfileDefinition>;
  "profiles.delete": Op<{ profileId: string }, { id: string; deleted: true }>;
  "profiles.diagnose": Op<{ profileId: string }, AgentProfileHealth>;
  "profiles.import": Op<{ profile: Record<string, unknown>; overwrite?: boolean | undefined }, ProfileImportResult>;
  "agent.tools.list": Op<None, { tools: AgentToolSpec[] }>;

  "approvals.list": Op<{ status?: ApprovalStatus | undefined }, { approvals: ApprovalView[] }>;
  "approvals.decide": Op<{ approvalId: string; decision: ApprovalDecision }, ApprovalView>;
  "approvals.settings.get": Op<None, ApprovalSettings>;
  "approvals.settings.update": Op<ApprovalSettings, ApprovalSettings>;
}

/** A contracted operation name. */
export type ContractedOp = keyof OperationContracts;
/** The input of a contracted operation. */
export type ContractInput<K extends ContractedOp> = OperationContracts[K]["input"];
/** The output (response DTO) of a contracted operation. */
export type ContractOutput<K extends ContractedOp> = OperationContracts[K]["output"];
