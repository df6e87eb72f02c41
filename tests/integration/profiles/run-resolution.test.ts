/**
 * The agent loop resolves profiles through [agent-profiles] (src/composition/agent-loop.ts
 * `profileResolver` → AgentProfileRuntime): a stored user profile is what a run freezes, an unknown
 * id fails, a profile imported without a model binding cannot run (`agent.profile_model_requires_configuration`,
 * exactly the contract's code); the frozen copy is the strict v3 document; `resolveForRun` binds
 * `connectionRef` profiles to their connection and model (docs/spec/profiles.md; docs/api.md).
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { startRun } from "../../../src/application/agent/start-run";
import { RESOLVED_PROFILE_DOC } from "../../../src/application/agent/loop/context";
import { agentLoopDeps } from "../../../src/composition/agent-loop";
import { agentProfileRuntime } from "../../../src/composition/agent-profiles";
import { parseProfileDocument } from "../../../src/domain/profiles/parse";
import { ScriptedModelGateway } from "../../fakes/scripted-model-gateway";
import { PROMPT, stubFor, userWithChat } from "../agent-loop/loop-helpers";
import { apiJson } from "../helpers";
import { NO_SCHEDULER } from "../../fakes/no-scheduler";

async function saveProfile(token: string, id: string, edit: (doc: Record<string, any>) => void = () => {}) {
  const { profile } = await apiJson("/api/v1/agent/profiles/default-writer", { token, expectStatus: 200 });
  const doc = { ...profile, id, displayName: `Profile ${id}` };
  edit(doc);
  return (await apiJson("/api/v1/agent/profiles", { token, body: doc, expectStatus: 200 })).profile;
}

describe("profile resolution for runs", () => {
  it("a run started with a stored profile freezes that profile; unknown and unconfigured profiles do not start", async () => {
    const { user, chatId } = await userWithChat();
    await saveProfile(user.deviceToken, "terse-writer", (d) => {
      d.tools.allow = ["builtin:workspace.write_file", "builtin:workspace.commit", "builtin:workspace.finish", "mcp:*"];
      d.tools.maxRounds = 5;
    });
    await saveProfile(user.deviceToken, "unconfigured", (d) => {
      d.model = { mode: "requiresConfiguration" };
    });
    await runInDurableObject(stubFor(user.userId), async (instance: UserSpace) => {
      const base = agentLoopDeps(instance.space());
      const deps = {
        ...base,
        scheduler: NO_SCHEDULER,
        gatewayFor: async () => new ScriptedModelGateway([]),
      };
      const handle = await startRun(deps, {
        stableChatId: chatId,
        profileId: "terse-writer",
        promptSnapshot: PROMPT as any,
      });
      // The run freezes the strict v3 document itself (docs/spec/profiles.md), not a summary of it.
      const frozen = JSON.parse(deps.store.getDoc(handle.runId, RESOLVED_PROFILE_DOC)!);
      expect(frozen).toEqual((await agentProfileRuntime(instance.space()).resolveForRun("terse-writer")).definition);
      expect(frozen).toMatchObject({
        schemaVersion: 3,
        kind: "tauritavern.agentProfile",
        id: "terse-writer",
        tools: {
          maxRounds: 5,
          allow: ["builtin:workspace.write_file", "builtin:workspace.commit", "builtin:workspace.finish", "mcp:*"],
        },
      });
      expect(parseProfileDocument(frozen)).toEqual(frozen);
      await expect(
        startRun(deps, { stableChatId: chatId, profileId: "ghost", promptSnapshot: PROMPT as any }),
      ).rejects.toMatchObject({ code: "agent.profile_not_found" });
      await expect(
        startRun(deps, { stableChatId: chatId, profileId: "unconfigured", promptSnapshot: PROMPT as any }),
      ).rejects.toMatchObject({ code: "agent.profile_model_requires_configuration" });
    });
  });

  it("resolveForRun: default-writer when omitted, connectionRef → the profile's connection and model, a request connection wins", async () => {
    const { user } = await userWithChat();
    const token = user.deviceToken;
    const connection = await apiJson("/api/v1/connections", {
      token,
      body: {
        name: "Local",
        provider: "openai-compatible",
        baseUrl: "http://127.0.0.1:9/v1",
        apiKey: "",
        modelId: "small",
      },
      expectStatus: 201,
    });
    await saveProfile(token, "bound", (d) => {
      d.model = { mode: "connectionRef", connectionRef: connection.id, modelId: "large" };
    });
    await saveProfile(token, "subagent-only", (d) => {
      d.run = { presentation: "background", directRunnable: false };
      d.delegation = { callable: true, allowAsSubagent: true };
    });
    await runInDurableObject(stubFor(user.userId), async (instance: UserSpace) => {
      const runtime = agentProfileRuntime(instance.space());
      const fallback = await runtime.resolveForRun(undefined);
      expect(fallback.definition.id).toBe("default-writer");
      expect(fallback.model).toEqual({ source: "default", connectionId: undefined });
      const bound = await runtime.resolveForRun("bound");
      expect(bound.model).toEqual({ source: "profile", connectionId: connection.id, modelId: "large" });
      expect(bound.definition.schemaVersion).toBe(3);
      expect((await runtime.resolveForRun("bound", "conn_other")).model).toEqual({
        source: "request",
        connectionId: "conn_other",
      });
      await expect(runtime.resolveForRun("subagent-only")).rejects.toMatchObject({
        code: "agent.profile_not_direct_runnable",
      });
      await expect(runtime.resolveForRun("ghost")).rejects.toMatchObject({ code: "agent.profile_not_found" });
      expect(await runtime.toolPolicy("ghost")).toBeNull();
      expect((await runtime.toolPolicy("bound"))?.allow.at(-1)).toBe("mcp:*");
    });
  });
});
