/**
 * Step `initialize` (docs/spec/agent-runtime.md §3 steps 2–3): `initializing_workspace` → workspace manifest
 * (`workspace_initialized`), the root invocation (`agent_invocation_created`,
 * `agent_invocation_started`), persistent projection (`persistent_projection_initialized`), then
 * `assembling_context` → the InvocationToolSnapshot (builtin + MCP, `mcp:*` expanded, cached-only)
 * and the conversation's first messages → `context_assembled`; a run bound through a
 * `connectionRef` profile journals `agent_model_binding_resolved {invocationId, mode, connectionId,
 * chatCompletionSource, customApiFormat: null, modelId}` first. A `continue` run seeds the
 * messageBody artifact with the continued message's text and says so in the system message
 * (continue-seed.ts, docs/decisions/1480). Everything here is local (SQLite).
 */
import { snapshotMessages } from "../../../../domain/agent/loop/prompt-snapshot";
import { createRunWorkspace, projectPersistentState } from "../../../workspace";
import { PERSIST_SNAPSHOT_DOC, TOOL_SNAPSHOT_DOC, type StepContext } from "../context";
import { continuationNote, seedContinuedMessage } from "./continue-seed";
import { appendMessage, builtinSystemPrompt } from "../conversation";
import { beginFirstRound } from "./invocation-start";

export async function initializeStep(ctx: StepContext): Promise<void> {
  const { deps, run } = ctx;
  const profile = ctx.profile();
  const inv = ctx.state.invocationId;
  ctx.status("initializing_workspace");
  createRunWorkspace(deps.workspace, {
    runId: run.runId,
    workspaceId: run.workspaceId,
    stableChatId: run.stableChatId,
    chatRef: run.chatRef,
    roots: profile.workspace,
    messageBodyPath: profile.messageBodyPath,
  });
  ctx.emit("workspace_initialized", { workspaceId: run.workspaceId, stableChatId: run.stableChatId });
  const invocation = {
    invocationId: inv,
    parentInvocationId: null,
    profileId: profile.id,
    kind: "root",
    exitPolicy: "run_finish_allowed",
  };
  // The root's row of the run's invocations (docs/spec/agent-delegation.md §1).
  if (!deps.delegation.invocation(run.runId, inv)) {
    const now = deps.clock.now();
    deps.delegation.addInvocation({
      runId: run.runId,
      invocationId: inv,
      parentInvocationId: null,
      profileId: profile.id,
      kind: "root",
      status: "running",
      exitPolicy: "run_finish_allowed",
      taskId: null,
      createdAt: now,
      updatedAt: now,
    });
  }
  ctx.emit("agent_invocation_created", { ...invocation, status: "created" });
  ctx.emit("agent_invocation_started", { ...invocation, status: "running" });
  const seeded = await seedContinuedMessage(ctx);
  const projection = projectPersistentState(deps.workspace, run.runId, ctx.state.persistBaseStateId);
  ctx.putDoc(PERSIST_SNAPSHOT_DOC, JSON.stringify(projection));
  ctx.emit("persistent_projection_initialized", {
    roots: projection.roots,
    baseStateId: projection.baseStateId,
    fileCount: projection.files.length,
  });

  ctx.status("assembling_context");
  const prepared = await deps.prepareTools(profile.tools, inv);
  ctx.putDoc(TOOL_SNAPSHOT_DOC, JSON.stringify(prepared.snapshot));
  const snapshot = ctx.promptSnapshot();
  const systemPrompt = profile.agentSystemPrompt ?? builtinSystemPrompt(profile.messageBodyPath);
  appendMessage(ctx, {
    role: "system",
    parts: [{ type: "text", text: seeded ? `${systemPrompt}\n\n${continuationNote(seeded)}` : systemPrompt }],
  });
  for (const message of snapshotMessages(snapshot)) appendMessage(ctx, message);
  await beginFirstRound(ctx, profile, prepared, {
    contextPolicy: snapshot.contextPolicy ?? null,
    announceBinding: true,
  });
}
