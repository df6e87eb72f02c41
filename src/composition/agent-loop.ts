/**
 * Composition: the agent loop of one user's space (issue [agent-loop]).
 * - `agentLoopDeps(space)`: everything the step machine uses (memoized; the in-flight map lives
 *   as long as the object).
 * - `profileResolver(space)`: the built-in `default-writer` until [agent-profiles] plugs its
 *   ProfileService in here (replace the body; the port is src/ports/agent-profile-resolver.ts).
 * Tests override `gatewayFor` / `callMcpTool` by spreading the returned object.
 */
import { SqlAgentLoopStore } from "../adapters/storage/agent-loop-store";
import type { LoopDeps } from "../application/agent/loop/deps";
import { prepareInvocationTools } from "../application/tools/invocation-tools";
import { DEFAULT_PROFILE_ID, defaultWriterProfile } from "../domain/agent/loop/default-profile";
import type { AgentProfileResolver } from "../ports/agent-profile-resolver";
import type { Space } from "../ports/space";
import { agentRunServices } from "./agent-runs";
import { chatServices } from "./chats";
import { modelGatewayFor } from "./models";
import { modelToolResolver, permittedToolCaller } from "./tools";
import { workspaceDeps } from "./workspace";

/** Profiles by id: only the built-in default-writer until [agent-profiles] lands. */
export function profileResolver(_space: Space): AgentProfileResolver {
  return { resolve: async (profileId) => (profileId === DEFAULT_PROFILE_ID ? defaultWriterProfile() : null) };
}

export function agentLoopDeps(space: Space): LoopDeps {
  return space.memo("agent-loop", () => {
    const { runs, journal } = agentRunServices(space);
    return {
      runs,
      journal,
      store: new SqlAgentLoopStore(space.storage),
      chats: chatServices(space),
      workspace: workspaceDeps(space),
      profiles: profileResolver(space),
      gatewayFor: (connectionId) => modelGatewayFor(space, connectionId ?? undefined),
      prepareTools: (policy, snapshotId, available) => prepareInvocationTools(modelToolResolver(space), policy, snapshotId, available),
      callMcpTool: (toolId, args, signal) => permittedToolCaller(space).callPermittedTool(toolId, args, signal),
      scheduler: space.scheduler,
      clock: space.clock,
      inflight: new Map<string, AbortController>(),
    };
  });
}
