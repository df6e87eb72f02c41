/**
 * Composition: the agent loop of one user's space (issue [agent-loop]).
 * - `agentLoopDeps(space)`: everything the step machine uses (memoized; the in-flight map lives
 *   as long as the object).
 * - `profileResolver(space)`: [agent-profiles]' AgentProfileRuntime (`resolveForRun`; port:
 *   src/ports/agent-profile-resolver.ts RunProfileResolver).
 * The per-attempt model timeout is `TIMEOUT_OVERRIDES.modelCallMs` in development, else 180 s.
 * Tests override `gatewayFor` / `callMcpTool` by spreading the returned object.
 */
import { hotRows } from "./hot-rows";
import { SqlAgentLoopStore } from "../adapters/storage/agent-loop-store";
import { SqlDelegationStore } from "../adapters/storage/delegation-store";
import type { LoopDeps } from "../application/agent/loop/deps";
import { RunMemo } from "../application/agent/loop/run-memo";
import { DEFAULT_MODEL_CALL_MS } from "../application/agent/loop/steps/model-timeout";
import { toolAsk } from "../application/approvals/tool-permission";
import { onRunApprovalResolved } from "../application/agent/loop/steps/approval-gate";
import { prepareInvocationTools } from "../application/tools/invocation-tools";
import { mcpCallBudgetMs, mcpTimeouts } from "../domain/mcp/gateway-limits";
import type { RunProfileResolver } from "../ports/agent-profile-resolver";
import type { Space } from "../ports/space";
import { agentProfileRuntime } from "./agent-profiles";
import { agentRunServices } from "./agent-runs";
import { chatServices } from "./chats";
import { modelGatewayFor } from "./models";
import { skillStorage } from "./skills";
import { modelToolResolver, permittedToolCaller } from "./tools";
import { workspaceDeps } from "./workspace";
import { approvalServices } from "./approvals";
import { mcpRegistryServices } from "./mcp-registry";

/**
 * Longest an MCP tool step may take: start-up, one list page, the 10 min cap of a call that keeps
 * reporting progress, and the close (`mcpCallBudgetMs`, domain/mcp/gateway-limits).
 */
function mcpStepMs(overrides: Record<string, number>): number {
  return mcpCallBudgetMs(mcpTimeouts(overrides));
}

/** Run profiles from [agent-profiles]: the built-in default-writer and the user's stored v3 profiles. */
export function profileResolver(space: Space): RunProfileResolver {
  return agentProfileRuntime(space);
}

export function agentLoopDeps(space: Space): LoopDeps {
  return space.memo("agent-loop", () => {
    const { runs, journal } = agentRunServices(space);
    const deps: LoopDeps = {
      runs,
      journal,
      delegation: new SqlDelegationStore(space.storage, hotRows(space)),
      agents: agentProfileRuntime(space),
      store: new SqlAgentLoopStore(space.storage, hotRows(space)),
      chats: chatServices(space),
      workspace: workspaceDeps(space),
      profiles: profileResolver(space),
      gatewayFor: (connectionId, modelId) => modelGatewayFor(space, connectionId ?? undefined, modelId ?? undefined),
      prepareTools: (policy, snapshotId) => prepareInvocationTools(modelToolResolver(space), policy, snapshotId),
      skills: skillStorage(space),
      callMcpTool: (toolId, args, signal) => permittedToolCaller(space).callPermittedTool(toolId, args, signal),
      approvals: approvalServices(space),
      toolAsk: (toolId) => toolAsk(mcpRegistryServices(space), toolId),
      scheduler: space.scheduler,
      outbound: space.outbound,
      clock: space.clock,
      modelCallMs: space.timeoutOverrides.modelCallMs ?? DEFAULT_MODEL_CALL_MS,
      mcpStepMs: mcpStepMs(space.timeoutOverrides),
      inflight: new Map<string, AbortController>(),
      memo: new RunMemo(),
    };
    deps.approvals.bindHolder("run", (record) => onRunApprovalResolved(deps, record));
    return deps;
  });
}
