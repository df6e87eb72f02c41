/**
 * prepare-turn (docs/spec/agent-runtime.md §3 step 4, docs/spec/tool-system.md §1, docs/spec/agent-runtime.md §5): before a round's model request, pending
 * user guidance is merged into one `role=user` message wrapped in `<user_guidance>…</user_guidance>`
 * (`user_guidance_applied`); then the request is built from the stored conversation, the tool
 * snapshot (one ToolTurnContract per turn offering every tool, choice `auto`), the payload's
 * sampling settings and the provider state.
 */
import { snapshotSettings } from "../../../../domain/agent/loop/prompt-snapshot";
import type { ModelRequest } from "../../../../domain/models/ir";
import { turnWithAllTools, type ToolTurnContract } from "../../../../domain/tools/snapshot";
import { textMetrics } from "../../../../domain/workspace/text-metrics";
import type { StepContext } from "../context";
import { appendMessage, loadMessages } from "../conversation";
import { guidancePreview } from "../guidance-mailbox";

/** Applies queued guidance (root invocation) as one user message. */
export function applyGuidance(ctx: StepContext): void {
  const queued = ctx.deps.store.guidance(ctx.runId, "queued");
  if (queued.length === 0) return;
  const text = `<user_guidance>\n${queued.map((g) => g.text).join("\n\n")}\n</user_guidance>`;
  const index = appendMessage(ctx, { role: "user", parts: [{ type: "text", text }] });
  ctx.deps.store.setGuidanceStatus(
    ctx.runId,
    queued.map((g) => g.guidanceId),
    "applied",
  );
  const metrics = textMetrics(queued.map((g) => g.text).join("\n\n"));
  ctx.emit("user_guidance_applied", {
    guidanceIds: queued.map((g) => g.guidanceId),
    clientGuidanceIds: queued.map((g) => g.clientGuidanceId).filter((id) => id !== null),
    invocationId: ctx.state.invocationId,
    round: ctx.state.round,
    count: queued.length,
    chars: metrics.chars,
    words: metrics.words,
    preview: guidancePreview(queued.map((g) => g.text).join(" ")),
    messageIndex: index - 1,
    requestMessageCount: ctx.state.messageCount,
    status: "applied",
  });
}

/** The turn contract of this round: every snapshot tool, choice auto. */
export function currentTurn(ctx: StepContext): ToolTurnContract {
  return turnWithAllTools(ctx.toolSnapshot(), "auto");
}

/** Builds the round's model request. */
export function buildModelRequest(ctx: StepContext): ModelRequest {
  const snapshot = ctx.toolSnapshot();
  const tools = snapshot.bindings.map((b) => ({
    alias: b.modelAlias,
    description: b.descriptor.description ?? b.descriptor.title ?? b.modelAlias,
    inputSchema: b.descriptor.inputSchema,
  }));
  return {
    messages: loadMessages(ctx),
    ...(tools.length > 0 ? { tools, toolChoice: "auto" as const } : {}),
    settings: snapshotSettings(ctx.promptSnapshot()),
    providerState: ctx.state.providerState,
  };
}
