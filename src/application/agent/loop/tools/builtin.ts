/**
 * Builtin tool dispatch inside a run (docs/spec/tool-system.md §2): chat.search / chat.read_messages over
 * the frozen input prefix, worldinfo.read_activated from the prompt snapshot, dice.roll, the three
 * skill tools (skill-tools.ts; docs/spec/skills.md), the five
 * workspace tools (with `applying_workspace_patch` → effect event → `creating_checkpoint` →
 * checkpoint), workspace.commit and workspace.finish. Model-correctable problems come back as
 * `isError` results; system faults are thrown and fail the run.
 */
import { AppError } from "../../../../domain/errors";
import { onlyKeys, reqString, type Args } from "../../../../domain/agent/loop/builtin-args";
import { rollDice } from "../../../../domain/agent/loop/dice";
import type { PendingCall } from "../../../../domain/agent/loop/loop-state";
import { errorResult, type AgentToolResult } from "../../../../domain/agent/loop/tool-result";
import { readActivatedWorldInfo, type ToolOk } from "../../../../domain/agent/loop/worldinfo";
import type { WorkspaceRoot } from "../../../../domain/workspace/roots";
import { ToolError } from "../../../../domain/workspace/tool-error";
import { createCheckpoint, requireWorkspace, runWorkspaceTool, workspaceToolName } from "../../../workspace";
import { chatReadMessages, chatSearch } from "./chat";
import { commitToChat, finishRun } from "./commit";
import type { StepContext } from "../context";
import { runSkillTool } from "./skill";

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

function ok(call: PendingCall, out: ToolOk): AgentToolResult {
  return {
    callId: call.callId,
    toolId: call.toolId ?? null,
    content: out.content,
    structured: out.structured,
    isError: false,
    resourceRefs: out.resourceRefs,
  };
}

/** Runs one builtin tool; ToolErrors become error results. */
export async function runBuiltin(ctx: StepContext, call: PendingCall, args: Args): Promise<AgentToolResult> {
  try {
    return await dispatch(ctx, call, args);
  } catch (error) {
    if (error instanceof ToolError) return errorResult(call.callId, call.toolId ?? null, error.code, error.message);
    throw error;
  }
}

async function dispatch(ctx: StepContext, call: PendingCall, args: Args): Promise<AgentToolResult> {
  const name = (call.toolId ?? "").slice("builtin:".length);
  const chatId = ctx.run.stableChatId;
  const prefix = ctx.state.frozenPrefix.length;
  switch (name) {
    case "chat.search":
      return ok(call, chatSearch(ctx.deps.chats, chatId, prefix, args));
    case "chat.read_messages":
      return ok(call, chatReadMessages(ctx.deps.chats, chatId, prefix, args));
    case "worldinfo.read_activated":
      return ok(call, readActivatedWorldInfo(ctx.promptSnapshot().worldInfoActivation, args));
    case "dice.roll": {
      onlyKeys(args, ["formula"], "dice_roll");
      const result = rollDice(reqString(args, "formula"));
      return ok(call, {
        content: `${result.formula}: ${result.rolls.join(" + ")}${result.modifier ? ` ${result.modifier > 0 ? "+" : "-"} ${Math.abs(result.modifier)}` : ""} = ${result.total}`,
        structured: result,
        resourceRefs: [],
      });
    }
    case "skill.list":
    case "skill.search":
    case "skill.read":
      return ok(call, runSkillTool(ctx, name, args)!);
    case "workspace.commit":
      return commitToChat(ctx, call, args);
    case "workspace.finish":
      return finishRun(ctx, call, args);
    default:
      break;
  }
  const tool = workspaceToolName(name);
  if (!tool) throw new AppError("agent.tool_denied", `The tool ${call.name} is not available in this run.`);
  return runWorkspace(ctx, call, tool, args);
}

async function runWorkspace(ctx: StepContext, call: PendingCall, tool: string, args: Args): Promise<AgentToolResult> {
  const { deps } = ctx;
  const mutating = tool === "workspace.write_file" || tool === "workspace.apply_patch";
  if (mutating) ctx.status("applying_workspace_patch");
  const roots = [...requireWorkspace(deps.workspace, ctx.runId).manifest.roots, TOOL_RESULTS_ROOT];
  const outcome = await runWorkspaceTool(
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
