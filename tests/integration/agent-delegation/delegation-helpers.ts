/**
 * Helpers of the delegation tests (docs/spec/agent-delegation.md): profiles saved through the API
 * (so validation applies), a run of the root profile driven step by step inside the Durable Object
 * with every invocation's steps run in the order the scheduler would (a recording scheduler), and a
 * model gateway that answers each invocation from its own script, told apart by the system prompt.
 */
import { runInDurableObject } from "cloudflare:test";
import type { UserSpace } from "../../../durable-objects/user-space";
import type { LoopDeps } from "../../../src/application/agent/loop/deps";
import { runAgentStep } from "../../../src/application/agent/loop/step-runner";
import { startRun } from "../../../src/application/agent/start-run";
import { agentLoopDeps } from "../../../src/composition/agent-loop";
import { parseStepRef } from "../../../src/domain/agent/loop/step-ref";
import type { AgentRunEvent } from "../../../src/domain/agent/run-events";
import type { McpCallOutcome } from "../../../src/domain/mcp/call-outcome";
import type { ModelRequest } from "../../../src/domain/models/ir";
import { defaultWriterDefinition } from "../../../src/domain/profiles/default-writer";
import type { AgentProfileDefinition } from "../../../src/domain/profiles/definition";
import { compileInvocationToolSnapshot } from "../../../src/domain/tools/snapshot-compiler";
import type { ModelGateway, ModelStepOptions } from "../../../src/ports/model-gateway";
import type { Scheduler } from "../../../src/ports/space";
import { ScriptedModelGateway, type FakeStep } from "../../fakes/scripted-model-gateway";
import { apiJson } from "../helpers";
import { PROMPT, stubFor, userWithChat } from "../agent-loop/loop-helpers";

export const REG = "0b9f3a52-7d0c-4c1e-9a51-3e2f6d1c0a11";
export const ECHO = `mcp/${REG}:echo`;
export const ECHO_ALIAS = "mcp__Everything__echo";

/** A v3 profile: default-writer with `id`, a system prompt naming it, and `edit` applied. */
export function profileDoc(id: string, edit: (p: AgentProfileDefinition) => void = () => {}): AgentProfileDefinition {
  const p = defaultWriterDefinition();
  p.id = id;
  p.displayName = id;
  p.instructions = { agentSystemPrompt: `PROFILE:${id}` };
  edit(p);
  return p;
}

/** The writer: may delegate (agent.list, agent.delegate, agent.await) and does the foreground work. */
export function writerDoc(edit: (p: AgentProfileDefinition) => void = () => {}): AgentProfileDefinition {
  return profileDoc("writer", (p) => {
    p.delegation = { ...p.delegation, canDelegate: true };
    p.tools.allow = [
      "builtin:agent.list",
      "builtin:agent.delegate",
      "builtin:agent.await",
      "builtin:workspace.read_file",
      "builtin:workspace.write_file",
      "builtin:workspace.commit",
      "builtin:workspace.finish",
    ];
    edit(p);
  });
}

/** A sub-agent-only profile: callable, allowAsSubagent, background, with the echo MCP tool. */
export function researcherDoc(
  id = "researcher",
  edit: (p: AgentProfileDefinition) => void = () => {},
): AgentProfileDefinition {
  return profileDoc(id, (p) => {
    p.run = { ...p.run, presentation: "background", directRunnable: false };
    p.delegation = { ...p.delegation, callable: true, allowAsSubagent: true, descriptionForAgents: "Finds facts." };
    p.tools.allow = [
      "builtin:chat.search",
      "builtin:workspace.read_file",
      "builtin:workspace.write_file",
      "builtin:workspace.commit",
      "builtin:workspace.finish",
      ECHO,
    ];
    p.workspace = { visibleRoots: ["scratch", "summaries"], writableRoots: ["scratch", "summaries"] };
    p.output.artifacts = [
      {
        id: "main",
        path: "scratch/notes.md",
        kind: "markdown",
        target: "messageBody",
        required: false,
        assemblyOrder: 0,
      },
    ];
    edit(p);
  });
}

/** Saves profiles through the API (validated). */
export async function saveProfiles(token: string, ...profiles: AgentProfileDefinition[]): Promise<void> {
  for (const profile of profiles)
    await apiJson("/api/v1/agent/profiles", { token, method: "POST", body: profile, expectStatus: 200 });
}

/** Answers each invocation from the script of the profile named in its system prompt (`PROFILE:<id>`). */
export class ProfileRoutedGateway implements ModelGateway {
  readonly provider = "openai-compatible" as const;
  readonly modelId = "scripted";
  readonly byProfile = new Map<string, ScriptedModelGateway>();
  readonly requests: Array<{ profileId: string; request: ModelRequest }> = [];
  /** Called as each request arrives, while its step is in flight (e.g. to cancel the run then). */
  onRequest: ((profileId: string) => void) | undefined;

  constructor(scripts: Record<string, FakeStep[]>) {
    for (const [id, steps] of Object.entries(scripts)) this.byProfile.set(id, new ScriptedModelGateway(steps));
  }

  async step(request: ModelRequest, options?: ModelStepOptions) {
    const system = request.messages[0]?.parts.find((part) => part.type === "text");
    const match = system && "text" in system ? /PROFILE:([a-z0-9_-]+)/.exec(system.text) : null;
    const profileId = match?.[1] ?? "?";
    this.requests.push({ profileId, request: structuredClone(request) });
    // After the scripted step has started waiting (its abort listener is in place).
    if (this.onRequest) queueMicrotask(() => this.onRequest?.(profileId));
    const gateway = this.byProfile.get(profileId);
    if (!gateway) throw new Error(`no script for ${profileId}`);
    return gateway.step(request, options);
  }
}

/** Records scheduled steps so the driver runs them in due order. */
export class RecordingScheduler implements Scheduler {
  readonly jobs = new Map<string, number>();
  schedule(kind: string, ref: string, dueAt: number) {
    this.jobs.set(`${kind}|${ref}`, dueAt);
  }
  scheduleBy(kind: string, ref: string, dueAt: number) {
    const key = `${kind}|${ref}`;
    const current = this.jobs.get(key);
    if (current === undefined || dueAt < current) this.jobs.set(key, dueAt);
  }
  cancel(kind: string, ref: string) {
    this.jobs.delete(`${kind}|${ref}`);
  }
  dueAt(kind: string, ref: string) {
    return this.jobs.get(`${kind}|${ref}`) ?? null;
  }
  /** The agent step due soonest, removed (null when none is due by `horizon`). */
  takeDue(horizon: number): string | null {
    let best: { key: string; at: number } | null = null;
    for (const [key, at] of this.jobs)
      if (key.startsWith("agent.step|") && at <= horizon && (!best || at < best.at)) best = { key, at };
    if (!best) return null;
    this.jobs.delete(best.key);
    return best.key.slice("agent.step|".length);
  }
}

export interface DelegationDrive {
  scripts: Record<string, FakeStep[]>;
  root: AgentProfileDefinition;
  mcp?: (toolId: string, args: Record<string, unknown>) => Promise<McpCallOutcome>;
  /** Called before each step with the deps, the run id and the step index (e.g. to cancel). */
  between?: (deps: LoopDeps, runId: string, step: number) => void;
  /** Called as a model request arrives, its step in flight (deps, run id, the requesting profile). */
  onModelRequest?: (deps: LoopDeps, runId: string, profileId: string) => void;
  /** Also run steps due up to this many ms in the future (an await's timeout). Default 0. */
  lookaheadMs?: number;
  maxSteps?: number;
}

export interface DelegationResult {
  runId: string;
  status: string;
  events: AgentRunEvent[];
  gateway: ProfileRoutedGateway;
  invocations: ReturnType<LoopDeps["delegation"]["invocations"]>;
  tasks: ReturnType<LoopDeps["delegation"]["tasks"]>;
  files: Record<string, string>;
  docs: Record<string, string>;
  mcpCalls: Array<{ toolId: string; args: Record<string, unknown> }>;
}

/** Starts a run of `root` (which must be saved) and drives every invocation until nothing is due. */
export async function driveDelegation(
  userId: string,
  chatId: string,
  options: DelegationDrive,
): Promise<DelegationResult> {
  return runInDurableObject(stubFor(userId), async (instance: UserSpace) => {
    const base = agentLoopDeps(instance.space());
    const gateway = new ProfileRoutedGateway(options.scripts);
    const scheduler = new RecordingScheduler();
    const mcpCalls: DelegationResult["mcpCalls"] = [];
    const deps: LoopDeps = {
      ...base,
      inflight: new Map(),
      scheduler,
      gatewayFor: async () => gateway,
      prepareTools: async (policy, snapshotId) => {
        const prepared = await base.prepareTools(policy, snapshotId);
        const mcpTools = policy.allow.includes(ECHO)
          ? [
              {
                registrationId: REG,
                serverDisplayName: "Everything",
                permission: "allow" as const,
                descriptor: { id: ECHO, description: "Echo", inputSchema: { type: "object" }, annotations: {} },
              },
            ]
          : [];
        if (mcpTools.length === 0) return prepared;
        const available = new Set(
          prepared.snapshot.bindings
            .filter((b) => b.descriptor.id.startsWith("builtin:"))
            .map((b) => b.descriptor.id.slice(8)),
        );
        return {
          snapshot: compileInvocationToolSnapshot({ snapshotId, policy, mcpTools, availableBuiltins: available })
            .snapshot,
          diagnostics: [],
        };
      },
      callMcpTool: async (toolId, args) => {
        mcpCalls.push({ toolId, args });
        if (!options.mcp) throw new Error("no MCP fake");
        return options.mcp(toolId, args);
      },
    };
    const handle = await startRun(deps, {
      stableChatId: chatId,
      promptSnapshot: PROMPT,
      profileId: options.root.id,
    } as never);
    scheduler.schedule("agent.step", `${handle.runId}/inv_root`, 0);
    if (options.onModelRequest)
      gateway.onRequest = (profileId) => options.onModelRequest!(deps, handle.runId, profileId);
    for (let step = 0; step < (options.maxSteps ?? 400); step += 1) {
      options.between?.(deps, handle.runId, step);
      const ref = scheduler.takeDue(Date.now() + (options.lookaheadMs ?? 0));
      if (!ref) break;
      const { runId, invocationId } = parseStepRef(ref);
      await runAgentStep(deps, runId, invocationId);
    }
    const events = deps.journal.read(handle.runId, { afterSeq: 0, limit: 500 });
    return {
      runId: handle.runId,
      status: deps.runs.get(handle.runId).status,
      events,
      gateway,
      invocations: deps.delegation.invocations(handle.runId),
      tasks: deps.delegation.tasks(handle.runId),
      files: Object.fromEntries(
        deps.workspace.files.files(handle.runId).map((f) => [f.path, deps.workspace.blobs.readText(f.sha256) ?? ""]),
      ),
      docs: Object.fromEntries(
        deps.store
          .docNames(handle.runId, "")
          .filter((n) => !n.includes("msg/"))
          .map((n) => [n, deps.store.getDoc(handle.runId, n)!]),
      ),
      mcpCalls,
    };
  });
}

export const call = (id: string, name: string, args: Record<string, unknown> = {}) => ({
  id,
  name,
  arguments: JSON.stringify(args),
});

export const echoText = (value: string): McpCallOutcome => ({
  outcome: "known_response",
  response: { kind: "tool_result", result: { isError: false, text: [{ index: 0, text: value }], diagnostics: [] } },
});

/**
 * A new user with a chat, `saved` profiles saved through the API in that order, then the run of
 * `root` (one of them) driven as driveDelegation does. Adds the user's device `token`.
 */
export async function driveSaved(
  root: AgentProfileDefinition,
  saved: AgentProfileDefinition[],
  drive: Omit<DelegationDrive, "root">,
): Promise<DelegationResult & { token: string }> {
  const { user, chatId } = await userWithChat();
  await saveProfiles(user.deviceToken, ...saved);
  const result = await driveDelegation(user.userId, chatId, { ...drive, root });
  return { ...result, token: user.deviceToken };
}

/** The payload of the `tool_call_completed` / `tool_call_failed` event of `callId`. */
export function callResult(
  events: Array<{ type: string; payload: Record<string, unknown> | null }>,
  callId: string,
): Record<string, unknown> {
  return events.find(
    (e) => (e.type === "tool_call_completed" || e.type === "tool_call_failed") && e.payload!.callId === callId,
  )!.payload!;
}

/** The root's last three steps: write output/main.md ("done"), commit, finish (calls w9, c9, f9). */
export const WRAP_UP = [
  { calls: [call("w9", "workspace_write_file", { path: "output/main.md", content: "done" })] },
  { calls: [call("c9", "workspace_commit")] },
  { calls: [call("f9", "workspace_finish")] },
];
