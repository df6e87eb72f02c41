/**
 * Step `model` (docs/spec/agent-runtime.md §3 step 4, docs/spec/agent-runtime.md §4, §7, §8): one model call of round `round`.
 * Attempt 1 applies guidance, moves to `calling_model` and journals `model_request_created`; every
 * attempt journals `model_call_attempt_started`. Each attempt is limited to `deps.modelCallMs` (a
 * timeout is a retryable `model.request_failed`, journaled with `timeoutMs`, docs/decisions/1470);
 * a turn with two tool calls sharing an id fails the run with `model.invalid_tool_call` before any
 * call is reviewed or executed (docs/decisions/1471). A retryable ModelError (429, transient transport,
 * unreadable body) with retries left journals `model_call_attempt_failed {willRetry:true}` and
 * `model_call_retry_scheduled` and schedules the next attempt `intervalMs` later (its own step);
 * any other error fails the run. A response is stored (`model-responses/round-NNN.json`,
 * `model_response_stored`), the provider state kept (`provider_state_updated`), `model_completed`
 * journaled and the assistant message appended; then the gate reviews the tool calls
 * (→ step `tool`), or, with none, drift recovery runs (drift.ts).
 *
 * Restarts (docs/decisions/1800): the attempt is marked in flight in the saved state
 * (`modelInFlight`) before the request leaves. A step that finds the mark was interrupted: it
 * journals `model_call_attempt_failed {code: "agent.step_interrupted", retryable: true, willRetry:
 * true}` and `model_call_retry_scheduled {intervalMs: 0}` and sends the request again as the next
 * attempt; interrupted attempts do not count against `modelRetry.maxRetries` (at most
 * MAX_INTERRUPTED_ATTEMPTS per round, then the run fails with `agent.step_interrupted`). The call
 * waits for an outbound slot first (`waitingOn.kind: "queue"`, outbound.ts). The attempt is streamed:
 * its text reaches the devices following the run as `agent.model_delta` frames (../model-stream.ts).
 */
import { AppError } from "../../../../domain/errors";
import { modelResponsePath, type LoopState, type PendingCall } from "../../../../domain/agent/loop/loop-state";
import { auditPaths, callHash } from "../../../../domain/agent/loop/tool-result";
import { isRetryableModelError } from "../../../../domain/models/errors";
import { retryWaitMs } from "../../../../domain/agent/loop/retry-wait";
import type { ModelResponse } from "../../../../domain/models/ir";
import { duplicateToolCallError } from "../../../../domain/models/tool-call-ids";
import {
  ToolRequestGate,
  type ModelToolCallRequest,
  type ToolGateDecision,
} from "../../../../domain/tools/request-gate";
import { normalizeToolArguments } from "../../../../domain/tools/tool-arguments";
import { childDeniedAlias, TASK_RETURN_DENIED } from "../../../../domain/agent/delegation/child-tools";
import { injectBackgroundResults } from "../background-results";
import { textMetrics } from "../../../../domain/workspace/text-metrics";
import type { JournalEntry, StepContext } from "../context";
import { RunCancelled } from "../run-cancelled";
import { appendMessage } from "../conversation";
import { recoverFromDrift } from "./drift";
import { stepWithTimeout } from "./model-timeout";
import { outboundCall } from "../outbound";
import { RunModelStream } from "../model-stream";
import { applyGuidance, buildModelRequest, currentTurn } from "./prepare-turn";

/** Interrupted attempts of one round after which the run fails with `agent.step_interrupted`. */
export const MAX_INTERRUPTED_ATTEMPTS = 5;

export async function callModelStep(ctx: StepContext): Promise<void> {
  const { state } = ctx;
  const profile = ctx.profile();
  const inv = state.invocationId;
  const gateway = await ctx.deps.gatewayFor(state.connectionId, state.modelId ?? null);
  const maxRetries = profile.modelRetry.maxRetries;
  if (state.modelInFlight) recoverInterruptedAttempt(ctx, maxRetries);
  if (state.attempt === 1) {
    // Guidance is for the foreground invocation; finished tasks not awaited reach their caller once
    // (docs/spec/agent-delegation.md §4).
    if (!ctx.isChild) applyGuidance(ctx);
    injectBackgroundResults(ctx);
  }
  const request = buildModelRequest(ctx);
  const started: JournalEntry[] = [];
  if (state.attempt === 1) {
    started.push([
      "model_request_created",
      {
        round: state.round,
        invocationId: inv,
        request: {
          source: gateway.provider,
          model: gateway.modelId,
          messageCount: request.messages.length,
          toolCount: request.tools?.length ?? 0,
        },
      },
    ]);
  }
  started.push([
    "model_call_attempt_started",
    { round: state.round, invocationId: inv, attempt: state.attempt, maxRetries },
  ]);
  // Attempt 1 moves to calling_model; its status change and these events are one journal write,
  // and when a connection is free the run says it waits on the model in the same row write
  // (outboundCall then finds it said; docs/decisions/3650).
  if (state.attempt === 1)
    ctx.status(
      "calling_model",
      started,
      ctx.deps.outbound.hasFreeSlot() ? { kind: "model", detail: gateway.modelId } : undefined,
    );
  else ctx.emitAll(started);
  let response: ModelResponse;
  let live: RunModelStream | undefined;
  try {
    // Saved before the attempt may leave (or wait for a slot): found set later = interrupted.
    state.modelInFlight = { attempt: state.attempt, since: ctx.deps.clock.now() };
    ctx.save();
    live = new RunModelStream(ctx.runId, { invocationId: inv, round: state.round, attempt: state.attempt }, ctx.deps);
    const stream = live;
    response = await outboundCall(ctx, "model", gateway.modelId, () =>
      stepWithTimeout(gateway, request, ctx.signal, ctx.deps.modelCallMs, (delta) =>
        stream.push(delta.type, delta.text),
      ),
    );
    live.close();
    state.modelInFlight = null;
    const duplicate = duplicateToolCallError(response.toolCalls);
    if (duplicate) throw duplicate;
  } catch (error) {
    live?.close();
    state.modelInFlight = null;
    if (ctx.cancelRequested()) throw new RunCancelled();
    const retryable = isRetryableModelError(error);
    const counted = state.attempt - (state.interruptedAttempts ?? 0);
    const willRetry = retryable && counted <= maxRetries;
    const message = error instanceof Error ? error.message : String(error);
    ctx.emit(
      "model_call_attempt_failed",
      {
        round: state.round,
        invocationId: inv,
        attempt: state.attempt,
        maxRetries,
        retryable,
        willRetry,
        code: error instanceof AppError ? error.code : "model.request_failed",
        message,
        ...attemptFailureExtras(error),
      },
      willRetry ? "warn" : "error",
    );
    if (!willRetry) throw error;
    const retryAfterMs = error instanceof AppError ? error.details?.retryAfterMs : undefined;
    const intervalMs = retryWaitMs(profile.modelRetry.intervalMs, retryAfterMs);
    ctx.emit("model_call_retry_scheduled", {
      round: state.round,
      invocationId: inv,
      nextAttempt: state.attempt + 1,
      intervalMs,
      ...(typeof retryAfterMs === "number" ? { retryAfterMs } : {}),
    });
    state.attempt += 1;
    ctx.next(ctx.deps.clock.now() + intervalMs);
    return;
  }
  if (ctx.cancelRequested()) throw new RunCancelled();
  // The calls' argument documents are stored with the response and its message, in one write.
  const review = response.toolCalls.length > 0 ? await reviewCalls(ctx, response) : null;
  await recordResponse(ctx, response, review?.docs ?? []);
  if (!review) {
    await recoverFromDrift(ctx, response);
    return;
  }
  state.gate = review.gate;
  state.calls = review.calls;
  state.nextCall = 0;
  state.phase = "tool";
  ctx.next();
}

/**
 * What `model_call_attempt_failed` adds to the code and message: the bad call of a
 * `model.invalid_tool_call` (its details), the time limit that ran out (`timeoutMs`), or the
 * provider's own words (`details.providerMessage`, scrubbed, ≤ 300 chars), which the run page shows
 * beside the translated sentence.
 */
function attemptFailureExtras(error: unknown): Record<string, unknown> {
  if (!(error instanceof AppError)) return {};
  if (error.code === "model.invalid_tool_call") return { details: error.details };
  const { timeoutMs, providerMessage } = error.details ?? {};
  if (typeof timeoutMs === "number") return { timeoutMs };
  return typeof providerMessage === "string" ? { details: { providerMessage } } : {};
}

/**
 * The attempt marked in flight never finished (the object restarted): journal it as interrupted
 * and move to the next attempt, which this step sends at once.
 */
function recoverInterruptedAttempt(ctx: StepContext, maxRetries: number): void {
  const { state } = ctx;
  const interrupted = state.modelInFlight!;
  state.modelInFlight = null;
  const count = (state.interruptedAttempts ?? 0) + 1;
  const give = count > MAX_INTERRUPTED_ATTEMPTS;
  const message = give
    ? `The model call of round ${state.round} was interrupted by a restart ${count} times, so the run was stopped.`
    : "The server restarted while this model call was in flight; it is sent again as a new attempt.";
  ctx.emit(
    "model_call_attempt_failed",
    {
      round: state.round,
      invocationId: state.invocationId,
      attempt: interrupted.attempt,
      maxRetries,
      retryable: true,
      willRetry: !give,
      code: "agent.step_interrupted",
      message,
    },
    give ? "error" : "warn",
  );
  if (give) throw new AppError("agent.step_interrupted", message, { round: state.round, interruptions: count });
  ctx.emit("model_call_retry_scheduled", {
    round: state.round,
    invocationId: state.invocationId,
    nextAttempt: interrupted.attempt + 1,
    intervalMs: 0,
  });
  state.attempt = interrupted.attempt + 1;
  state.interruptedAttempts = count;
}

/** Journals the response and stores it with its assistant message and the documents `alongside`. */
async function recordResponse(
  ctx: StepContext,
  response: ModelResponse,
  alongside: ReadonlyArray<readonly [name: string, text: string]>,
): Promise<void> {
  const { state } = ctx;
  const inv = state.invocationId;
  const path = modelResponsePath(state.round, inv);
  const stored = {
    round: state.round,
    invocationId: inv,
    path,
    responseId: response.responseId ?? null,
    model: response.modelId ?? null,
  };
  state.providerState = {
    ...response.providerState,
    sessionId: response.providerState.sessionId ?? state.providerState.sessionId ?? ctx.runId,
  };
  const ps = state.providerState;
  const providerState = {
    round: state.round,
    invocationId: inv,
    providerState: {
      sessionId: ps.sessionId,
      providerFormat: ps.providerFormat ?? null,
      messageCursor: ps.messageCursor ?? null,
      lastResponseId: ps.lastResponseId ?? null,
    },
  };
  const text = textMetrics(response.text);
  const reasoning = textMetrics(response.reasoning);
  const narration =
    response.text.trim().length > 0
      ? {
          source: "assistantText",
          text: Array.from(response.text).slice(0, 280).join(""),
          totalChars: text.chars,
          totalWords: text.words,
          truncated: text.chars > 280,
        }
      : undefined;
  const completed = {
    round: state.round,
    invocationId: inv,
    modelResponsePath: path,
    toolCallCount: response.toolCalls.length,
    // Every call of the turn, so a call the run never reached (after a fatal one, or a cancel) still
    // shows on the run page (docs/spec/journal.md).
    ...(response.toolCalls.length > 0 ? { toolCalls: turnCalls(response) } : {}),
    textChars: text.chars,
    textWords: text.words,
    hasAssistantText: text.chars > 0,
    assistantTextChars: text.chars,
    assistantTextWords: text.words,
    ...(narration ? { narration } : {}),
    hasReasoning: reasoning.chars > 0,
    reasoningChars: reasoning.chars,
    reasoningWords: reasoning.words,
  };
  ctx.emitAll([
    ["model_response_stored", stored],
    ["provider_state_updated", providerState],
    ["model_completed", completed],
  ]);
  // The response document is written with the assistant message, in the same synchronous section.
  appendMessage(ctx, response.message, [[path, JSON.stringify(response)], ...alongside]);
}

/**
 * Calls of a turn listed in `model_completed`: at most LISTED_CALLS, names cut at ID_CHARS, and a
 * call whose id is longer than ID_CHARS left out (a cut id would not match its other events). Even
 * at 6 bytes a character (JSON-escaped control characters) the list stays under 80 KB, well inside
 * the journal's 128 KiB payload limit, whatever the model sends.
 */
const LISTED_CALLS = 64;
const ID_CHARS = 100;

/** `[{callId, name}]` of the turn's first LISTED_CALLS listable calls, in the model's order. */
function turnCalls(response: ModelResponse): Array<{ callId: string; name: string }> {
  return response.toolCalls
    .filter((call) => call.id.length <= ID_CHARS)
    .slice(0, LISTED_CALLS)
    .map((call) => ({ callId: call.id, name: call.alias.slice(0, ID_CHARS) }));
}

/**
 * The gate's review of a turn, except that a tool the invocation's role forbids (a child's
 * commit/finish/delegate/handoff/await, a root's task_return) — absent from its snapshot — gets a
 * tool error with the role's code instead of the fatal unknown-tool verdict
 * (docs/spec/agent-delegation.md §4). Stops after the first fatal decision, like the gate.
 */
function reviewTurn(ctx: StepContext, gate: ToolRequestGate, calls: ModelToolCallRequest[]): ToolGateDecision[] {
  const turn = currentTurn(ctx);
  const out: ToolGateDecision[] = [];
  for (let index = 0; index < calls.length; index += 1) {
    const call = calls[index]!;
    const inSnapshot = ctx.toolSnapshot().bindings.some((b) => b.modelAlias === call.name);
    const refusal = inSnapshot
      ? null
      : ctx.isChild
        ? childDeniedAlias(call.name)
        : call.name === "task_return"
          ? TASK_RETURN_DENIED
          : null;
    const decision: ToolGateDecision = refusal
      ? {
          outcome: "recoverable",
          callId: call.callId,
          code: refusal.code,
          message: refusal.message,
          arguments: normalizeToolArguments(call.arguments),
        }
      : gate.review(turn, call, index === calls.length - 1);
    out.push(decision);
    if (decision.outcome === "fatal") break;
  }
  return out;
}

/**
 * Gate review of the turn's calls (docs/spec/tool-system.md §1): the pending calls of step `tool`,
 * their argument documents (stored by the caller with the response) and the gate's new state.
 * Changes nothing itself.
 */
async function reviewCalls(
  ctx: StepContext,
  response: ModelResponse,
): Promise<{ calls: PendingCall[]; docs: Array<[name: string, text: string]>; gate: LoopState["gate"] }> {
  const { state } = ctx;
  const gate = new ToolRequestGate(ctx.toolSnapshot(), state.gate);
  const decisions = reviewTurn(
    ctx,
    gate,
    response.toolCalls.map((call) => ({ callId: call.id, name: call.alias, arguments: call.argumentsText })),
  );
  const calls: PendingCall[] = [];
  const docs: Array<[name: string, text: string]> = [];
  for (const decision of decisions) {
    const call = response.toolCalls.find((c) => c.id === decision.callId)!;
    const paths = auditPaths(state.invocationId, state.round, await callHash(call.id));
    docs.push([
      paths.args,
      JSON.stringify({
        callId: call.id,
        name: call.alias,
        toolId: decision.toolId ?? null,
        argumentsText: call.argumentsText,
      }),
    ]);
    calls.push({
      callId: call.id,
      name: call.alias,
      ...(decision.toolId ? { toolId: decision.toolId } : {}),
      decision: decision.outcome,
      ...(decision.outcome !== "dispatch" ? { code: decision.code, message: decision.message } : {}),
      argsPath: paths.args,
      status: "pending",
    });
  }
  return { calls, docs, gate: gate.state };
}
