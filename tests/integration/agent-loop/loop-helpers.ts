/**
 * Helpers of the agent-loop pool tests: a user with a chat, and a run driven step by step inside
 * the Durable Object with a scripted in-process model and an optional fake MCP caller (the real
 * journal, run records, chats, workspace and SQLite loop store underneath).
 */
import { env, runInDurableObject } from "cloudflare:test";
import type { UserSpace } from "../../../durable-objects/user-space";
import type { LoopDeps } from "../../../src/application/agent/loop/deps";
import { startRun, type StartRunInput } from "../../../src/application/agent/start-run";
import { runAgentStep } from "../../../src/application/agent/loop/step-runner";
import { agentLoopDeps } from "../../../src/composition/agent-loop";
import type { AgentRunEvent } from "../../../src/domain/agent/run-events";
import type { AgentProfileDefinition } from "../../../src/domain/profiles/definition";
import type { McpCallOutcome } from "../../../src/domain/mcp/call-outcome";
import type { MessageView } from "../../../src/domain/chats/types";
import { fixedProfileResolver, loopTestProfile } from "../../fakes/loop-profile";
import { ScriptedModelGateway, type FakeStep } from "../../fakes/scripted-model-gateway";
import { appendMany, createChat } from "../chats/chat-helpers";
import { apiJson, createUser, type TestUser } from "../helpers";
import { NO_SCHEDULER } from "../../fakes/no-scheduler";

export function stubFor(userId: string): DurableObjectStub<UserSpace> {
  return env.USER_SPACE.get(env.USER_SPACE.idFromName(userId)) as DurableObjectStub<UserSpace>;
}

/** A user and a chat with `texts` (alternating user / assistant). */
export async function userWithChat(
  texts: string[] = ["Hello there", "Hi! How can I help?", "Tell me a story about a dragon."],
): Promise<{ user: TestUser; chatId: string; messages: any[] }> {
  const user = await createUser();
  const chat = await createChat(user.deviceToken, { title: "Agent chat", character: { name: "Narrator" } });
  const messages = await appendMany(user.deviceToken, chat.id, texts);
  return { user, chatId: chat.id, messages };
}

export interface DriveOptions {
  steps: FakeStep[] | ((index: number) => FakeStep);
  mcp?: (toolId: string, args: Record<string, unknown>) => Promise<McpCallOutcome>;
  /** Edits the v3 profile document the run freezes (tests/fakes/loop-profile.ts). */
  profile?: (profile: AgentProfileDefinition) => void;
  input?: Partial<StartRunInput>;
  /** Extra MCP tools offered (descriptor ids mcp/<uuid>:<name>) with their alias server name. */
  mcpTools?: Array<{ toolId: string; server: string; inputSchema?: Record<string, unknown> }>;
  /** Stop driving after this many steps (default: until idle). */
  maxSteps?: number;
  /** Per-attempt model timeout, ms (default: the pool's TIMEOUT_OVERRIDES.modelCallMs). */
  modelCallMs?: number;
  /** Called between steps with the deps (e.g. to cancel). */
  between?: (deps: LoopDeps, runId: string, step: number) => void;
  /** Replaces parts of the deps built for the run (given the deps, e.g. to bind hooks to them). */
  deps?: (deps: LoopDeps) => Partial<LoopDeps>;
}

export interface DriveResult {
  runId: string;
  status: string;
  events: AgentRunEvent[];
  requests: ScriptedModelGateway["requests"];
  pairing: string[];
  chat: MessageView[];
  mcpCalls: Array<{ toolId: string; args: Record<string, unknown> }>;
  /** Every hidden document except conversation messages, by name. */
  docs: Record<string, string>;
  /** Workspace files (path → text). */
  files: Record<string, string>;
}

export const PROMPT = {
  chatCompletionPayload: {
    messages: [
      { role: "system", content: "You are the narrator." },
      { role: "user", content: "Tell me a story about a dragon." },
    ],
    temperature: 0.7,
  },
};

/** Starts a run under (a variant of) default-writer and drives every step to the end. */
export async function driveRun(userId: string, chatId: string, options: DriveOptions): Promise<DriveResult> {
  return runInDurableObject(stubFor(userId), async (instance: UserSpace) => {
    const space = instance.space();
    const base = agentLoopDeps(space);
    const gateway = new ScriptedModelGateway(options.steps);
    const mcpCalls: DriveResult["mcpCalls"] = [];
    const profile = loopTestProfile();
    options.profile?.(profile);
    const deps: LoopDeps = {
      ...base,
      inflight: new Map(),
      scheduler: NO_SCHEDULER,
      profiles: fixedProfileResolver(profile),
      gatewayFor: async () => gateway,
      ...(options.modelCallMs !== undefined ? { modelCallMs: options.modelCallMs } : {}),
      prepareTools: async (policy, snapshotId) => {
        const prepared = await base.prepareTools(policy, snapshotId);
        const { AVAILABLE_BUILTIN_TOOLS } = await import("../../../src/domain/agent/loop/available-builtins");
        const available = new Set(AVAILABLE_BUILTIN_TOOLS);
        const { compileInvocationToolSnapshot } = await import("../../../src/domain/tools/snapshot-compiler");
        const mcpTools = (options.mcpTools ?? []).map((tool) => ({
          registrationId: tool.toolId.slice(4, tool.toolId.indexOf(":")),
          serverDisplayName: tool.server,
          permission: "allow" as const,
          descriptor: {
            id: tool.toolId,
            description: `MCP tool ${tool.toolId}`,
            inputSchema: tool.inputSchema ?? { type: "object" },
            annotations: {},
          },
        }));
        return mcpTools.length === 0
          ? prepared
          : {
              snapshot: compileInvocationToolSnapshot({ snapshotId, policy, mcpTools, availableBuiltins: available })
                .snapshot,
              diagnostics: prepared.diagnostics,
            };
      },
      callMcpTool: async (toolId, args) => {
        mcpCalls.push({ toolId, args });
        if (!options.mcp) throw new Error("no MCP fake");
        return options.mcp(toolId, args);
      },
    };
    if (options.deps) Object.assign(deps, options.deps(deps));
    const handle = await startRun(deps, {
      stableChatId: chatId,
      promptSnapshot: PROMPT,
      ...(options.input ?? {}),
    } as StartRunInput);
    let steps = 0;
    while (steps < (options.maxSteps ?? 1000)) {
      options.between?.(deps, handle.runId, steps);
      if ((await runAgentStep(deps, handle.runId)) === "idle") break;
      steps += 1;
    }
    const events = deps.journal.read(handle.runId, { afterSeq: 0, limit: 500 });
    let more = events;
    while (more.length === 500) {
      more = deps.journal.read(handle.runId, { afterSeq: events[events.length - 1]!.seq, limit: 500 });
      events.push(...more);
    }
    const chat = deps.chats.readMessages(chatId, { offset: 0, limit: 200 }).messages;
    return {
      runId: handle.runId,
      status: deps.runs.get(handle.runId).status,
      events,
      requests: gateway.requests,
      pairing: gateway.pairingProblems(),
      chat,
      mcpCalls,
      docs: Object.fromEntries(
        deps.store
          .docNames(handle.runId, "")
          .filter((n) => !n.startsWith("msg/"))
          .map((n) => [n, deps.store.getDoc(handle.runId, n)!]),
      ),
      files: Object.fromEntries(
        deps.workspace.files.files(handle.runId).map((f) => [f.path, deps.workspace.blobs.readText(f.sha256) ?? ""]),
      ),
    };
  });
}

/** Event types in order. */
export const typesOf = (events: AgentRunEvent[]) => events.map((e) => e.type);
/** The first event of `type`. */
export const eventOf = (events: AgentRunEvent[], type: string) => events.find((e) => e.type === type);

/** Polls GET /api/v1/agent/runs/:runId until the run is terminal (≤ 15 s) and returns its summary. */
export async function waitTerminal(token: string, runId: string): Promise<any> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const run = await apiJson(`/api/v1/agent/runs/${runId}`, { token, expectStatus: 200 });
    if (["completed", "failed", "partial_success", "cancelled"].includes(run.status)) return run;
    if (Date.now() > deadline) throw new Error(`run still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
