/**
 * ToolRequestGate (docs/spec/tool-system.md §1, docs/spec/agent-runtime.md §4): decides, for each tool call a model requested in one
 * turn, whether it is dispatched, answered with a recoverable tool error, or fails the run.
 *
 * Order for each call (budgets counted per canonical ToolId, never per alias):
 * 1. turn of another snapshot → throws AppError `tool.turn_snapshot_mismatch` (internal error);
 * 2. alias not bound in the snapshot (or not offered this turn) → charges the invocation budget,
 *    then fatal `model.unknown_tool_call` (recoverable `agent.tool_budget_exhausted` if the budget was
 *    already spent);
 * 3. choice `none`, or `{specific}` naming another tool → fatal `model.tool_choice_violation`;
 * 4. invocation budget spent → recoverable `agent.tool_budget_exhausted` ("…for this invocation (max N)");
 * 5. per-tool budget spent → recoverable `agent.tool_budget_exhausted`;
 * 6. budget charged; arguments not an object → recoverable `tool.invalid_arguments` (first 200 chars quoted);
 * 7. a completion tool (workspace.finish, agent.handoff, task.return) that is not the last call of
 *    the turn → recoverable `agent.tool_after_finish`;
 * 8. dispatch with the normalized object arguments and the binding (native name via its ToolId).
 *
 * The gate's counters are plain JSON (`state`) so a persisted step machine can store and resume it.
 */
import { AppError } from "../errors";
import { COMPLETION_TOOL_IDS } from "./builtin-descriptors";
import { bindingByAlias, type InvocationToolSnapshot, type ToolBinding, type ToolTurnContract } from "./snapshot";
import { invalidArgumentsMessage, normalizeToolArguments, type ToolArguments } from "./tool-arguments";
import type { ToolId } from "./tool-id";
import type { ErrorCode } from "../errors";

/** Calls charged so far in one invocation. */
export interface ToolRequestGateState {
  totalCalls: number;
  callsPerTool: Record<ToolId, number>;
}

/** One tool call as decoded from the model response: provider call id, the alias it used, raw arguments. */
export interface ModelToolCallRequest {
  callId: string;
  name: string;
  arguments: unknown;
}

/** What to do with one call. `arguments` on non-dispatch outcomes is what to store for audit. */
export type ToolGateDecision =
  | { outcome: "dispatch"; callId: string; toolId: ToolId; binding: ToolBinding; arguments: Record<string, unknown> }
  | {
      outcome: "recoverable";
      callId: string;
      toolId?: ToolId;
      code: ErrorCode;
      message: string;
      arguments: ToolArguments;
    }
  | { outcome: "fatal"; callId: string; toolId?: ToolId; code: ErrorCode; message: string; arguments: ToolArguments };

/** Per-invocation gate over one InvocationToolSnapshot. */
export class ToolRequestGate {
  private readonly counters: ToolRequestGateState;

  constructor(
    private readonly snapshot: InvocationToolSnapshot,
    state?: ToolRequestGateState,
  ) {
    this.counters = state
      ? { totalCalls: state.totalCalls, callsPerTool: { ...state.callsPerTool } }
      : { totalCalls: 0, callsPerTool: {} };
  }

  /** A JSON copy of the counters, to persist between steps. */
  get state(): ToolRequestGateState {
    return { totalCalls: this.counters.totalCalls, callsPerTool: { ...this.counters.callsPerTool } };
  }

  /**
   * Reviews every call of one model turn in order. Stops after the first fatal decision (later
   * calls are neither charged nor returned). Throws `tool.turn_snapshot_mismatch` when the turn
   * belongs to another snapshot.
   */
  reviewTurn(turn: ToolTurnContract, calls: ReadonlyArray<ModelToolCallRequest>): ToolGateDecision[] {
    const decisions: ToolGateDecision[] = [];
    for (let index = 0; index < calls.length; index += 1) {
      const decision = this.review(turn, calls[index]!, index === calls.length - 1);
      decisions.push(decision);
      if (decision.outcome === "fatal") break;
    }
    return decisions;
  }

  /** Reviews one call; `isLastInTurn` says whether it is the turn's final call. Charges budgets as described above. */
  review(turn: ToolTurnContract, call: ModelToolCallRequest, isLastInTurn: boolean): ToolGateDecision {
    if (turn.snapshotId !== this.snapshot.id) {
      throw new AppError(
        "tool.turn_snapshot_mismatch",
        `Turn references tool snapshot ${turn.snapshotId} but the invocation uses ${this.snapshot.id}.`,
      );
    }
    const args = normalizeToolArguments(call.arguments);
    const max = this.snapshot.maxCallsPerInvocation;
    const base = { callId: call.callId, arguments: args };
    const binding = bindingByAlias(this.snapshot, call.name);
    if (!binding || !turn.tools.includes(binding.descriptor.id)) {
      if (this.counters.totalCalls >= max)
        return {
          ...base,
          outcome: "recoverable",
          code: "agent.tool_budget_exhausted",
          message: invocationBudgetMessage(max),
        };
      this.counters.totalCalls += 1;
      return {
        ...base,
        outcome: "fatal",
        code: "model.unknown_tool_call",
        message: `The model called "${call.name}", which is not a tool offered in this turn.`,
      };
    }
    const toolId = binding.descriptor.id;
    const choice = turn.choice;
    if (choice === "none") {
      return {
        ...base,
        toolId,
        outcome: "fatal",
        code: "model.tool_choice_violation",
        message: `The model called ${call.name} although this turn allowed no tool calls.`,
      };
    }
    if (typeof choice === "object" && choice.specific !== toolId) {
      return {
        ...base,
        toolId,
        outcome: "fatal",
        code: "model.tool_choice_violation",
        message: `This turn required ${choice.specific}, but the model called ${call.name}.`,
      };
    }
    if (this.counters.totalCalls >= max)
      return {
        ...base,
        toolId,
        outcome: "recoverable",
        code: "agent.tool_budget_exhausted",
        message: invocationBudgetMessage(max),
      };
    const used = this.counters.callsPerTool[toolId] ?? 0;
    if (binding.maxCalls !== undefined && used >= binding.maxCalls) {
      return {
        ...base,
        toolId,
        outcome: "recoverable",
        code: "agent.tool_budget_exhausted",
        message: `The call budget of ${call.name} is exhausted (max ${binding.maxCalls}).`,
      };
    }
    this.counters.totalCalls += 1;
    this.counters.callsPerTool[toolId] = used + 1;
    if (args.kind === "invalid")
      return {
        ...base,
        toolId,
        outcome: "recoverable",
        code: "tool.invalid_arguments",
        message: invalidArgumentsMessage(args.rawText),
      };
    if (!isLastInTurn && COMPLETION_TOOL_IDS.has(toolId)) {
      return {
        ...base,
        toolId,
        outcome: "recoverable",
        code: "agent.tool_after_finish",
        message: `${call.name} must be the final tool call in a model turn; finish the other calls first, then call it again.`,
      };
    }
    return { outcome: "dispatch", callId: call.callId, toolId, binding, arguments: args.value };
  }
}

function invocationBudgetMessage(max: number): string {
  return `The tool call budget is exhausted for this invocation (max ${max}).`;
}
