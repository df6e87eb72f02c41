/**
 * A chat generation's persisted step machine (docs/spec/generation.md "Steps"): one model call or
 * one MCP tool call per step; everything a step needs after a restart is in this JSON (stored in
 * `te_chat_generations.state_json`), never in memory.
 */
import type { ErrorCode } from "../errors";
import type { WorldInfoActivation } from "../agent/loop/prompt-snapshot";
import type { Persona } from "../prompt/prompt-parts";

export const GENERATION_TYPES = ["normal", "regenerate", "swipe", "continue"] as const;
export type GenerationType = (typeof GENERATION_TYPES)[number];

/** `running` → `stopping` (Stop asked) → one of the terminal statuses. */
export type GenerationStatus = "running" | "stopping" | "completed" | "stopped" | "failed";
export const TERMINAL_GENERATION_STATUSES: ReadonlySet<GenerationStatus> = new Set(["completed", "stopped", "failed"]);

/** Default and largest number of tool rounds (rounds whose answer is a tool batch). */
export const DEFAULT_MAX_TOOL_ROUNDS = 10;
export const MAX_TOOL_ROUNDS_LIMIT = 80;
/** Generation records are kept this long after they end (ms). */
export const GENERATION_RETENTION_MS = 24 * 60 * 60 * 1000;

/** One MCP tool frozen at the root generation's single resolver read (description override applied). */
export interface FrozenTool {
  toolId: string;
  serverDisplayName: string;
  nativeName: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** A tool call of the current batch. `executionCallId` is fresh per call (never the provider id). */
export interface BatchCall {
  callId: string;
  alias: string;
  /** The ToolId the alias was bound to in this round, or null (alias not advertised). */
  toolId: string | null;
  argumentsText: string;
  executionCallId: string;
  /** `started` is written before the request leaves: a step that finds it re-run records OutcomeUnknown. */
  status: "pending" | "started" | "done";
  /**
   * The approval this call waits on or was decided by when its tool is set to Ask
   * (docs/spec/approvals.md); the calls of one batch that ask are asked together.
   */
  approvalId?: string;
  /** The tool row's text (outcome JSON, 2-space) and error flag, once done. */
  content?: string;
  isError?: boolean;
}

/** The round's answer while its tool calls run (saved to the chat only when every call is done). */
export interface PendingBatch {
  text: string;
  reasoning: string;
  calls: BatchCall[];
}

/** Where the final reply goes (docs/spec/generation.md "Types"). */
export type GenerationTarget =
  | { kind: "append" }
  | { kind: "replace"; messageId: string }
  | { kind: "swipe"; messageId: string }
  | { kind: "continue"; messageId: string };

export interface GenerationState {
  phase: "model" | "tool" | "done";
  chatId: string;
  generationType: GenerationType;
  connectionId: string | null;
  persona?: Persona;
  maxToolRounds: number;
  /** 1-based model round; +1 after each saved batch. */
  round: number;
  /** 1-based attempt of the round's model call (a restart re-sends it as the next attempt). */
  attempt: number;
  /** True while an attempt's request is out: a step that finds it true after a restart re-sends as attempt + 1. */
  inAttempt: boolean;
  target: GenerationTarget;
  tools: FrozenTool[];
  /** The current round's alias → ToolId binding (§5.2 aliases, re-allocated every round). */
  aliases: Record<string, string>;
  batch: PendingBatch | null;
  /** Whether a tool batch was saved (continue: later text is a new message). */
  batchesSaved: number;
  /** Ids of messages written by this generation, in order. */
  messageIds: string[];
  /** The World Info activation of the latest round's prompt (docs/spec/worldinfo.md §5). */
  worldInfoActivation?: WorldInfoActivation;
}

/** The error of an ended generation. */
export interface GenerationError {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

/** A generation record as stored and shown. */
export interface GenerationRecord {
  generationId: string;
  chatId: string;
  status: GenerationStatus;
  generationType: GenerationType;
  state: GenerationState;
  /** The current round's streamed text / reasoning (saved at attempt ends). */
  text: string;
  reasoning: string;
  lastSeq: number;
  messageIds: string[];
  error: GenerationError | null;
  createdAt: number;
  updatedAt: number;
  endedAt: number | null;
}

/** `GET …/generations/:id` view. */
export interface GenerationView {
  generationId: string;
  chatId: string;
  status: GenerationStatus;
  generationType: GenerationType;
  round: number;
  attempt: number;
  text: string;
  reasoning: string;
  lastSeq: number;
  messageIds: string[];
  error?: GenerationError;
  createdAt: string;
  endedAt?: string;
}

/** A new generation id: `gen_` + 20 lower-case hex chars. */
export function newGenerationId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `gen_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
