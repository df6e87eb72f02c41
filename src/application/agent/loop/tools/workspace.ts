/**
 * The five workspace file tools inside a run (docs/spec/tool-system.md §2, docs/spec/workspace.md
 * §1): list/search/read over the run's visible roots plus the read-only `tool-results/`, and
 * write/patch with `applying_workspace_patch` → effect event (`workspace_file_written` |
 * `workspace_patch_applied`) → `creating_checkpoint` → `checkpoint_created`. Model-correctable
 * problems come back as `isError` results.
 */
import type { Args } from "../../../../domain/agent/loop/builtin-args";
import type { PendingCall } from "../../../../domain/agent/loop/loop-state";
import { errorResult, type AgentToolResult } from "../../../../domain/agent/loop/tool-result";
import type { WorkspaceRoot } from "../../../../domain/workspace/roots";
import { createCheckpoint, requireWorkspace, runWorkspaceTool as runWorkspaceFileTool } from "../../../workspace";
import type { StepContext } from "../context";

/** `tool-results/` is model-visible read-only (G2, docs/spec/workspace.md §1) so externalized MCP results can be paged. */
const TOOL_RESULTS_ROOT = {
  path: "tool-results",
  lifecycle: "run",
  scope: "run",
  mount: "materialized",
  visible: true,
  writable: false,
  commit: "never",
} as unknown as WorkspaceRoot;

/**
 * A child sees the same files with only the roots its own profile names, writable only where
 * both allow (docs/spec/agent-delegation.md §4).
 */
export function narrowRoots(
  roots: readonly WorkspaceRoot[],
  policy: { visibleRoots: string[]; writableRoots: string[] },
): WorkspaceRoot[] {
  return roots
    .filter((root) => policy.visibleRoots.includes(root.path))
    .map((root) => ({ ...root, writable: root.writable && policy.writableRoots.includes(root.path) }));
}

/** Runs workspace tool `tool` (a `workspace.*` file tool name) for `call`. */
export async function runWorkspaceTool(
  ctx: StepContext,
  call: PendingCall,
  tool: string,
  args: Args,
): Promise<AgentToolResult> {
  const { deps } = ctx;
  const mutating = tool === "workspace.write_file" || tool === "workspace.apply_patch";
  if (mutating) ctx.status("applying_workspace_patch");
  const manifest = requireWorkspace(deps.workspace, ctx.runId).manifest.roots;
  const roots = [...(ctx.isChild ? narrowRoots(manifest, ctx.profile().workspace) : manifest), TOOL_RESULTS_ROOT];
  const outcome = await runWorkspaceFileTool(
    deps.workspace,
    { runId: ctx.runId, invocationId: ctx.state.invocationId, roots },
    tool,
    args,
  );
  if (outcome.isError) return errorResult(call.callId, call.toolId ?? null, outcome.errorCode, outcome.content);
  const effect = outcome.effect;
  if (effect) {
    const inv = ctx.state.invocationId;
    const event =
      effect.kind === "file_written"
        ? ctx.emit("workspace_file_written", {
            invocationId: inv,
            path: effect.path,
            mode: effect.mode,
            chars: effect.chars,
            words: effect.words,
            sha256: effect.sha256,
          })
        : ctx.emit("workspace_patch_applied", {
            invocationId: inv,
            path: effect.path,
            chars: effect.chars,
            words: effect.words,
            oldSha256: effect.oldSha256,
            sha256: effect.sha256,
            replacements: effect.replacements,
          });
    ctx.status("creating_checkpoint");
    const reason = effect.kind === "file_written" ? "tool_workspace_write" : "tool_workspace_patch";
    const checkpoint = createCheckpoint(deps.workspace, ctx.runId, {
      reason,
      eventSeq: event.seq,
      paths: [effect.path],
    });
    ctx.emit("checkpoint_created", { checkpointId: checkpoint.id, reason });
    ctx.status("dispatching_tool");
  }
  return {
    callId: call.callId,
    toolId: call.toolId ?? null,
    content: outcome.content,
    structured: outcome.structured,
    isError: false,
    resourceRefs: outcome.resourceRefs,
  };
}
