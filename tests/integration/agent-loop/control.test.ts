/**
 * Run control and commit targets (docs/spec/workspace.md §3, docs/spec/agent-runtime.md §5): cancel between steps and during a
 * model call, guidance applied before the next model request, a conflicting edit of the frozen
 * input failing the commit visibly, swipe and regenerate targets, a restart while an MCP call was
 * in flight ending OutcomeUnknown without a resend.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { cancelRun } from "../../../src/application/agent/cancel-run";
import { submitGuidance } from "../../../src/application/agent/guidance";
import { startRun } from "../../../src/application/agent/start-run";
import { runAgentStep } from "../../../src/application/agent/loop/step-runner";
import { agentLoopDeps } from "../../../src/composition/agent-loop";
import { ScriptedModelGateway } from "../../fakes/scripted-model-gateway";
import { PROMPT, driveRun, eventOf, stubFor, typesOf, userWithChat } from "./loop-helpers";
import { NO_SCHEDULER } from "../../fakes/no-scheduler";

const write = (id: string, content: string) => ({
  id,
  name: "workspace_write_file",
  arguments: JSON.stringify({ path: "output/main.md", content }),
});
const commit = (id: string) => ({ id, name: "workspace_commit", arguments: "{}" });
const finish = (id: string) => ({ id, name: "workspace_finish", arguments: "{}" });
const HAPPY = [{ calls: [write("w", "New text.")] }, { calls: [commit("c")] }, { calls: [finish("f")] }];

describe("agent loop: control", () => {
  it("cancel between steps ends the run cancelled at once; no commit afterwards", async () => {
    const { user, chatId, messages } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      steps: HAPPY,
      between: (deps, runId, step) => {
        if (step === 3) cancelRun(deps, runId);
      },
    });
    expect(result.status).toBe("cancelled");
    expect(typesOf(result.events).slice(-4)).toEqual([
      "run_cancel_requested",
      "agent_invocation_cancelled",
      "status_changed",
      "run_cancelled",
    ]);
    expect(result.chat).toHaveLength(messages.length);
  });

  it("cancel during a model call aborts it: cancelling → cancelled", async () => {
    const { user, chatId } = await userWithChat();
    const outcome = await runInDurableObject(stubFor(user.userId), async (instance: UserSpace) => {
      const base = agentLoopDeps(instance.space());
      let release!: () => void;
      const gateway = new ScriptedModelGateway([
        {
          hold: new Promise<void>((resolve) => {
            release = resolve;
          }),
          calls: [write("w", "late")],
        },
      ]);
      const deps = {
        ...base,
        inflight: new Map(),
        scheduler: NO_SCHEDULER,
        gatewayFor: async () => gateway,
      };
      const { runId } = await startRun(deps, { stableChatId: chatId, promptSnapshot: PROMPT });
      await runAgentStep(deps, runId);
      const running = runAgentStep(deps, runId);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const handle = cancelRun(deps, runId);
      await running;
      release();
      return {
        handle,
        status: deps.runs.get(runId).status,
        types: deps.journal.read(runId, { limit: 500 }).map((e) => e.type),
        statuses: deps.journal
          .read(runId, { limit: 500 })
          .filter((e) => e.type === "status_changed")
          .map((e) => e.payload!.status),
      };
    });
    expect(outcome.handle.status).toBe("cancelling");
    expect(outcome.status).toBe("cancelled");
    expect(outcome.statuses.slice(-2)).toEqual(["cancelling", "cancelled"]);
    expect(outcome.types.at(-1)).toBe("run_cancelled");
    expect(outcome.types).not.toContain("model_completed");
  });

  it("guidance is applied before the next model request as <user_guidance>", async () => {
    const { user, chatId } = await userWithChat();
    let receipt: any;
    const result = await driveRun(user.userId, chatId, {
      steps: HAPPY,
      between: (deps, runId, step) => {
        if (step === 2) receipt = submitGuidance(deps, { runId, text: "Make it   rhyme.", clientGuidanceId: "g-1" });
      },
    });
    expect(result.status).toBe("completed");
    expect(receipt).toMatchObject({
      status: "queued",
      preview: "Make it rhyme.",
      pendingCount: 1,
      clientGuidanceId: "g-1",
    });
    const applied = eventOf(result.events, "user_guidance_applied")!.payload!;
    expect(applied).toMatchObject({ round: 2, count: 1, clientGuidanceIds: ["g-1"] });
    const last = result.requests[1]!.messages.at(-1)!;
    expect(last.role).toBe("user");
    expect(JSON.stringify(last)).toContain("<user_guidance>\\nMake it   rhyme.\\n</user_guidance>");
  });

  it("an edit of a message the run read fails the commit visibly and never overwrites", async () => {
    const { user, chatId, messages } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      steps: HAPPY,
      between: (deps, _runId, step) => {
        if (step === 3) deps.chats.editMessage(chatId, messages[0].messageId, { text: "Edited on another device" });
      },
    });
    expect(result.status).toBe("failed");
    expect(eventOf(result.events, "chat_commit_failed")!.payload).toMatchObject({
      code: "chat.revision_conflict",
      path: "output/main.md",
    });
    expect(eventOf(result.events, "run_failed")!.payload).toMatchObject({ code: "agent.chat_commit_failed" });
    expect(result.chat).toHaveLength(messages.length);
  });

  it("swipe adds a swipe to the last assistant message; regenerate replaces it; later commits update the same message", async () => {
    const { user, chatId, messages } = await userWithChat(["Hi", "Old answer"]);
    const swiped = await driveRun(user.userId, chatId, {
      input: { generationType: "swipe" },
      steps: [
        { calls: [{ id: "r", name: "chat_read_messages", arguments: JSON.stringify({ messages: [{ index: 1 }] }) }] },
        { calls: [write("w", "Swipe one.")] },
        { calls: [commit("c1")] },
        { calls: [write("w2", "Swipe final.")] },
        { calls: [commit("c2")] },
        { calls: [finish("f")] },
      ],
    });
    expect(swiped.status).toBe("completed");
    expect(eventOf(swiped.events, "tool_call_failed")!.payload).toMatchObject({
      callId: "r",
      errorCode: "chat.message_not_found",
    });
    expect(swiped.chat).toHaveLength(2);
    expect(swiped.chat[1]).toMatchObject({
      messageId: messages[1].messageId,
      text: "Swipe final.",
      swipes: ["Old answer", "Swipe final."],
      swipeId: 1,
    });

    const regenerated = await driveRun(user.userId, chatId, { input: { generationType: "regenerate" }, steps: HAPPY });
    expect(regenerated.status).toBe("completed");
    expect(regenerated.chat).toHaveLength(2);
    expect(regenerated.chat[1]).toMatchObject({ messageId: messages[1].messageId, text: "New text." });
    expect((regenerated.chat[1]!.extra as any).tauritavern.agent.runId).toBe(regenerated.runId);
  });

  it("a restart while an MCP call was in flight records OutcomeUnknown and never resends it", async () => {
    const { user, chatId } = await userWithChat();
    const REG = "7d4c0e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6";
    const result = await driveRun(user.userId, chatId, {
      mcpTools: [{ toolId: `mcp/${REG}:echo`, server: "Everything" }],
      mcp: async () => ({
        outcome: "known_response",
        response: {
          kind: "tool_result",
          result: { isError: false, text: [{ index: 0, text: "sent twice!" }], diagnostics: [] },
        },
      }),
      steps: [{ calls: [{ id: "m", name: "mcp__Everything__echo", arguments: "{}" }] }],
      // After the model step, pretend the tool step marked the call started and then the object died.
      between: (deps, runId, step) => {
        if (step !== 2) return;
        const stored = deps.store.readState(runId)!;
        const state = JSON.parse(stored.json);
        expect(state.phase).toBe("tool");
        state.calls[0].status = "started";
        deps.store.writeState(runId, JSON.stringify(state), stored.version, Date.now());
      },
    });
    expect(result.mcpCalls).toHaveLength(0);
    expect(result.status).toBe("failed");
    expect(eventOf(result.events, "tool_call_failed")!.payload).toMatchObject({
      callId: "m",
      errorCode: "mcp.call_outcome_unknown",
    });
    expect(eventOf(result.events, "run_failed")!.payload).toMatchObject({ code: "mcp.call_outcome_unknown" });
  });
});
