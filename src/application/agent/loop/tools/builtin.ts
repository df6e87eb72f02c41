/**
 * Builtin tool dispatch inside a run (docs/spec/tool-system.md §2): chat.search / chat.read_messages over
 * the frozen input prefix, worldinfo.read_activated from the prompt snapshot, dice.roll, the three
 * skill tools (skill.ts; docs/spec/skills.md), the five workspace file tools (workspace.ts),
 * workspace.commit and workspace.finish (commit.ts), agent.list and agent.delegate (delegation/;
 * agent.await and task.return are dispatched by the tool step itself). Model-correctable problems come back as
 * `isError` results; system faults are thrown and fail the run.
 */
import { AppError } from "../../../../domain/errors";
import { onlyKeys, reqString, type Args } from "../../../../domain/agent/loop/builtin-args";
import { rollDice } from "../../../../domain/agent/loop/dice";
import type { PendingCall } from "../../../../domain/agent/loop/loop-state";
import { errorResult, type AgentToolResult } from "../../../../domain/agent/loop/tool-result";
import { readActivatedWorldInfo, type ToolOk } from "../../../../domain/agent/loop/worldinfo";
import { ToolError } from "../../../../domain/workspace/tool-error";
import { workspaceToolName } from "../../../workspace";
import { chatReadMessages, chatSearch } from "./chat";
import { commitToChat, requestFinish } from "./commit";
import type { StepContext } from "../context";
import { runSkillTool } from "./skill";
import { agentDelegate } from "./delegation/delegate";
import { agentList } from "./delegation/list";
import { runWorkspaceTool } from "./workspace";

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
      return requestFinish(ctx, call, args);
    case "agent.list":
      return ok(call, agentList(ctx, args));
    case "agent.delegate":
      return agentDelegate(ctx, call, args);
    default:
      break;
  }
  const tool = workspaceToolName(name);
  if (!tool) throw new AppError("agent.tool_denied", `The tool ${call.name} is not available in this run.`);
  return runWorkspaceTool(ctx, call, tool, args);
}
