/**
 * `agent.list` (docs/spec/agent-delegation.md §3): the profiles this invocation may delegate to or
 * hand off to, filtered by the caller's policy and each target's flags and `allowedCallers`.
 */
import { badArgs, onlyKeys, optInt, optString, type Args } from "../../../../../domain/agent/loop/builtin-args";
import type { ToolOk } from "../../../../../domain/agent/loop/worldinfo";
import { listAgents } from "../../../../../domain/agent/delegation/policy";
import type { StepContext } from "../../context";

const PURPOSES = ["any", "delegate", "handoff"] as const;

export function agentList(ctx: StepContext, args: Args): ToolOk {
  onlyKeys(args, ["purpose", "query", "limit"], "agent_list");
  const purpose = (optString(args, "purpose") ?? "any") as (typeof PURPOSES)[number];
  if (!PURPOSES.includes(purpose)) throw badArgs('"purpose" must be any, delegate or handoff.');
  const limit = optInt(args, "limit", 1, 20) ?? 8;
  const agents = listAgents(
    { profile: ctx.profile(), isChild: ctx.isChild },
    ctx.deps.agents.all(),
    purpose,
    optString(args, "query") ?? "",
    limit,
  );
  const lines = agents.map(
    (a) =>
      `- ${a.profileId} (${a.displayName}; ${a.operations.join(", ")}): ${a.description || "no description"} — result budget ${a.resultBudgetTokens} tokens`,
  );
  return {
    content: agents.length > 0 ? `Agents you may use:\n${lines.join("\n")}` : "No agent is available to you.",
    structured: { purpose, agents },
    resourceRefs: [],
  };
}
