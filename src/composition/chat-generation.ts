/**
 * Composition: chat generation of one user's space (issue [chat-generation];
 * docs/spec/generation.md). `chatGenerationDeps(space)` is memoized (the in-flight and live maps
 * live as long as the object); `promptBuilder(space)` is the one prompt builder shared with Agent
 * runs. The per-attempt model timeout is `TIMEOUT_OVERRIDES.modelCallMs` in development, else 180 s.
 */
import { SqlGenerationStore } from "../adapters/storage/generation-store";
import { SqlMessageTokenStore } from "../adapters/storage/message-token-store";
import { DEFAULT_MODEL_CALL_MS } from "../application/agent/loop/steps/model-timeout";
import type { GenerationDeps } from "../application/generation/deps";
import { PromptBuilder } from "../application/prompt/prompt-builder";
import { ESTIMATING_COUNTER } from "../domain/prompt/token-estimate";
import type { Space } from "../ports/space";
import { chatLore } from "../application/worldinfo/lore";
import { libraryDeps } from "./characters";
import { chatDeps } from "./chats";
import { modelGatewayFor, modelServices } from "./models";
import { modelToolResolver, permittedToolCaller } from "./tools";
import { approvalServices } from "./approvals";
import { mcpRegistryServices } from "./mcp-registry";
import { toolAsk } from "../application/approvals/tool-permission";
import { onGenerationApprovalResolved } from "../application/generation/approval-gate";

/** The shared prompt builder (chat generation and Agent runs). */
export function promptBuilder(space: Space): PromptBuilder {
  return space.memo(
    "prompt.builder",
    () =>
      new PromptBuilder({
        repo: chatDeps(space).repo,
        tokens: new SqlMessageTokenStore(space.sql),
        counter: async () => ESTIMATING_COUNTER,
        lore: (chat) => chatLore(libraryDeps(space).repo, chat),
      }),
  );
}

export function chatGenerationDeps(space: Space): GenerationDeps {
  return space.memo("chat-generation", () => {
    const deps: GenerationDeps = {
      store: new SqlGenerationStore(space.sql),
      chats: chatDeps(space),
      prompts: promptBuilder(space),
      budgetFor: (connectionId) => modelServices(space).budget(connectionId ?? undefined),
      gatewayFor: (connectionId) => modelGatewayFor(space, connectionId ?? undefined),
      listTools: () => modelToolResolver(space).listPermitted(),
      callMcpTool: (toolId, args, signal) => permittedToolCaller(space).callPermittedTool(toolId, args, signal),
      approvals: approvalServices(space),
      toolAsk: (toolId) => toolAsk(mcpRegistryServices(space), toolId),
      scheduler: space.scheduler,
      outbound: space.outbound,
      clock: space.clock,
      sockets: space.sockets,
      modelCallMs: space.timeoutOverrides.modelCallMs ?? DEFAULT_MODEL_CALL_MS,
      inflight: new Map<string, AbortController>(),
      live: new Map(),
    };
    deps.approvals.bindHolder("generation", (record) => onGenerationApprovalResolved(deps, record));
    return deps;
  });
}
