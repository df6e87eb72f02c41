/**
 * The run's profile (docs/spec/profiles.md "Each run freezes the resolved profile to
 * input/resolved_profile.json; the runtime consumes only the resolved copy"; "Resolved profiles
 * inside run snapshots are never migrated"): the loop resolves through [agent-profiles]'
 * `resolveForRun`, freezes the strict v3 document and rebuilds its view from it at every step;
 * a `connectionRef` profile's `modelId` reaches the model server; profiles that are not directly
 * runnable or have no model never start a run.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { RESOLVED_PROFILE_DOC } from "../../../src/application/agent/loop/context";
import { startRun } from "../../../src/application/agent/start-run";
import { runAgentStep } from "../../../src/application/agent/loop/step-runner";
import { agentLoopDeps } from "../../../src/composition/agent-loop";
import { agentProfileServices } from "../../../src/composition/agent-profiles";
import { ScriptedModelGateway } from "../../fakes/scripted-model-gateway";
import { apiJson } from "../helpers";
import { loadScript, modelPeer, recorded } from "../models/helpers";
import { PROMPT, stubFor, userWithChat, waitTerminal } from "./loop-helpers";
import { NO_SCHEDULER } from "../../fakes/no-scheduler";

async function saveProfile(token: string, id: string, edit: (doc: Record<string, any>) => void) {
  const { profile } = await apiJson("/api/v1/agent/profiles/default-writer", { token, expectStatus: 200 });
  const doc = { ...structuredClone(profile), id, displayName: `Profile ${id}` };
  edit(doc);
  return (await apiJson("/api/v1/agent/profiles", { token, body: doc, expectStatus: 200 })).profile;
}

const write = (id: string, path: string, content: string) => ({
  id,
  name: "workspace_write_file",
  arguments: JSON.stringify({ path, content }),
});

describe("agent loop: the frozen profile", () => {
  it("every step uses the frozen v3 copy: editing and then deleting the stored profile mid-run changes nothing", async () => {
    const { user, chatId } = await userWithChat();
    const saved = await saveProfile(user.deviceToken, "tight", (d) => {
      d.tools.maxRounds = 3;
      d.instructions = { agentSystemPrompt: "You are Tight. Write output/story.md." };
      d.output.artifacts = [{ id: "story", path: "output/story.md", kind: "markdown", target: "messageBody" }];
    });
    const outcome = await runInDurableObject(stubFor(user.userId), async (instance: UserSpace) => {
      const space = instance.space();
      const base = agentLoopDeps(space);
      const gateway = new ScriptedModelGateway([
        { calls: [write("w", "output/story.md", "A tight story.")] },
        { calls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
        { text: "All done, I think." },
        { text: "never asked" },
      ]);
      const deps = {
        ...base,
        inflight: new Map(),
        scheduler: NO_SCHEDULER,
        gatewayFor: async () => gateway,
      };
      const { runId } = await startRun(deps, { stableChatId: chatId, profileId: "tight", promptSnapshot: PROMPT });
      const frozen = JSON.parse(deps.store.getDoc(runId, RESOLVED_PROFILE_DOC)!);
      // Edited before the first step: more rounds, another prompt and message body.
      const profiles = agentProfileServices(space);
      profiles.save({
        ...saved,
        tools: { ...saved.tools, maxRounds: 80 },
        instructions: { agentSystemPrompt: "You are Loose." },
        output: {
          artifacts: [
            {
              id: "main",
              path: "output/main.md",
              kind: "markdown",
              target: "messageBody",
              required: false,
              assemblyOrder: 0,
            },
          ],
        },
      });
      await runAgentStep(deps, runId);
      await runAgentStep(deps, runId);
      // Deleted after the first model call.
      profiles.delete("tight");
      for (let i = 0; i < 20 && (await runAgentStep(deps, runId)) === "ran"; i += 1);
      return {
        frozen,
        status: deps.runs.get(runId).status,
        events: deps.journal.read(runId, { limit: 500 }),
        requests: gateway.requests,
        chat: deps.chats.readMessages(chatId, { offset: 0, limit: 50 }).messages,
      };
    });
    expect(outcome.frozen).toEqual(saved);
    const system = outcome.requests[0]!.messages[0]!;
    expect(system).toMatchObject({
      role: "system",
      parts: [{ type: "text", text: "You are Tight. Write output/story.md." }],
    });
    expect(outcome.events.find((e) => e.type === "context_assembled")!.payload).toMatchObject({ maxRounds: 3 });
    // The commit took the frozen message body; round 3 (the frozen last round) ended the run.
    expect(outcome.chat.at(-1)).toMatchObject({ role: "assistant", text: "A tight story." });
    expect(outcome.events.find((e) => e.type === "chat_commit_completed")!.payload).toMatchObject({
      path: "output/story.md",
    });
    expect(outcome.requests).toHaveLength(3);
    expect(outcome.status).toBe("partial_success");
    expect(outcome.events.find((e) => e.type === "run_partial_success")!.payload).toMatchObject({
      code: "model.tool_call_required",
      preservedCommitCount: 1,
    });
  });

  it("a frozen copy is never migrated: a v2 document in input/resolved_profile.json fails the run", async () => {
    const { user, chatId } = await userWithChat();
    const outcome = await runInDurableObject(stubFor(user.userId), async (instance: UserSpace) => {
      const base = agentLoopDeps(instance.space());
      const deps = {
        ...base,
        inflight: new Map(),
        scheduler: NO_SCHEDULER,
        gatewayFor: async () => new ScriptedModelGateway([]),
      };
      const { runId } = await startRun(deps, { stableChatId: chatId, promptSnapshot: PROMPT });
      const v2 = JSON.parse(deps.store.getDoc(runId, RESOLVED_PROFILE_DOC)!);
      v2.schemaVersion = 2;
      v2.tools.allow = ["workspace.write_file", "workspace.commit", "workspace.finish"];
      delete v2.tools.mcpResultInlineCharLimit;
      deps.store.putDoc(runId, RESOLVED_PROFILE_DOC, JSON.stringify(v2));
      await runAgentStep(deps, runId);
      return {
        status: deps.runs.get(runId).status,
        failed: deps.journal.read(runId, { limit: 500 }).find((e) => e.type === "run_failed")?.payload,
      };
    });
    expect(outcome.status).toBe("failed");
    expect(outcome.failed).toMatchObject({ code: "agent.profile_schema_unsupported" });
  });

  it("a connectionRef profile's modelId is the model the server is asked for", async () => {
    const { user, chatId } = await userWithChat();
    const token = user.deviceToken;
    const scriptId = await loadScript(
      [
        {
          toolCalls: [
            {
              id: "w",
              name: "workspace_write_file",
              arguments: JSON.stringify({ path: "output/main.md", content: "Bound model text." }),
            },
          ],
        },
        { toolCalls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
        { toolCalls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
      ],
      { prefix: "bound-model" },
    );
    // The connection's own model id is not the script: only the profile's modelId plays it.
    const connection = await apiJson("/api/v1/connections", {
      token,
      body: {
        name: "Scripted",
        provider: "openai-compatible",
        baseUrl: `${modelPeer()}/v1`,
        apiKey: "sk-bound-000001",
        modelId: "connection-own-model",
        isDefault: true,
      },
      expectStatus: 201,
    });
    await saveProfile(token, "bound", (d) => {
      d.model = { mode: "connectionRef", connectionRef: connection.id, modelId: scriptId };
    });
    const handle = await apiJson("/api/v1/agent/runs", {
      token,
      body: { stableChatId: chatId, profileId: "bound", promptSnapshot: PROMPT },
      expectStatus: 201,
    });
    const run = await waitTerminal(token, handle.runId);
    expect(run).toMatchObject({ status: "completed", profileId: "bound", commitCount: 1 });
    const requests = await recorded(scriptId);
    expect(requests.map((r) => r.body.model)).toEqual([scriptId, scriptId, scriptId]);
    expect(requests.every((r) => r.authorization === "Bearer sk-bound-000001")).toBe(true);
    const events = (await apiJson(`/api/v1/agent/runs/${handle.runId}/events?limit=500`, { token, expectStatus: 200 }))
      .events;
    expect(events.find((e: any) => e.type === "agent_model_binding_resolved").payload).toMatchObject({
      mode: "connectionRef",
      connectionId: connection.id,
      modelId: scriptId,
    });
    expect(events.find((e: any) => e.type === "model_request_created").payload.request).toMatchObject({
      model: scriptId,
    });
  });

  it("POST /agent/runs refuses a profile that is not directly runnable or has no model, and creates nothing", async () => {
    const { user, chatId } = await userWithChat();
    const token = user.deviceToken;
    await apiJson("/api/v1/connections", {
      token,
      body: {
        name: "Default",
        provider: "openai-compatible",
        baseUrl: `${modelPeer()}/v1`,
        apiKey: "sk-default-00001",
        modelId: "any-model",
        isDefault: true,
      },
      expectStatus: 201,
    });
    await saveProfile(token, "helper-only", (d) => {
      d.run = { presentation: "background", directRunnable: false };
      d.delegation = { callable: true, allowAsSubagent: true };
    });
    await saveProfile(token, "unconfigured", (d) => {
      d.model = { mode: "requiresConfiguration" };
    });
    const post = (profileId: string) =>
      apiJson("/api/v1/agent/runs", {
        token,
        body: { stableChatId: chatId, profileId, promptSnapshot: PROMPT },
        expectStatus: 400,
      });
    expect((await post("helper-only")).error).toMatchObject({
      code: "agent.profile_not_direct_runnable",
      message: expect.stringContaining("helper-only"),
    });
    expect((await post("unconfigured")).error.code).toBe("agent.profile_model_requires_configuration");
    expect((await apiJson(`/api/v1/agent/runs?stableChatId=${chatId}`, { token, expectStatus: 200 })).runs).toEqual([]);
  });
});
