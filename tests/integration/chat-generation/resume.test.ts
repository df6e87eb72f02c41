/**
 * A generation found mid-step after a restart (docs/spec/generation.md §3): what the lease job does
 * when the object comes back with the state in SQLite and nothing in memory. A model call is re-sent
 * as the next attempt (the old partial text replaced, seq continuing); an MCP call marked `started`
 * is OutcomeUnknown and never re-sent.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { generationStep } from "../../../src/application/generation/runner";
import type { GenerationDeps } from "../../../src/application/generation/deps";
import { chatGenerationDeps } from "../../../src/composition/chat-generation";
import type { GenerationRecord, GenerationState } from "../../../src/domain/generation/state";
import { openSocket } from "../helpers";
import { spaceStub } from "../mcp-gateway/gateway-helpers";
import { recorded } from "../models/helpers";
import { genFixture, messagesOf, waitEnded, type GenFixture } from "./gen-helpers";

function record(fx: GenFixture, id: string, state: Partial<GenerationState>, lastSeq: number): GenerationRecord {
  const now = Date.now();
  return {
    generationId: id,
    chatId: fx.chatId,
    status: "running",
    generationType: "normal",
    state: {
      phase: "model",
      chatId: fx.chatId,
      generationType: "normal",
      connectionId: fx.connectionId,
      maxToolRounds: 10,
      round: 1,
      attempt: 1,
      inAttempt: false,
      target: { kind: "append" },
      tools: [],
      aliases: {},
      batch: null,
      batchesSaved: 0,
      messageIds: [],
      ...state,
    },
    text: "Half a sent",
    reasoning: "",
    lastSeq,
    messageIds: [],
    error: null,
    createdAt: now,
    updatedAt: now,
    endedAt: null,
  };
}

/** Runs steps one after another, as the scheduler does after a restart. */
async function drive(deps: GenerationDeps, id: string): Promise<void> {
  while ((await generationStep(deps, id)) === "more") {
    /* next step */
  }
}

describe("chat generation: resume after a restart", () => {
  it("re-sends an interrupted model call as the next attempt; the old partial text is replaced", async () => {
    const fx = await genFixture([{ text: "A complete sentence." }]);
    const socket = await openSocket(fx.token);
    const id = "gen_resume_model_0001";
    await runInDurableObject(spaceStub(fx.user.userId), async (instance: UserSpace) => {
      const deps = chatGenerationDeps(instance.space());
      deps.store.insert(record(fx, id, { inAttempt: true }, 3));
      await drive(deps, id);
    });
    const view = await waitEnded(fx, id);
    expect(view).toMatchObject({ status: "completed", attempt: 2 });
    expect((await messagesOf(fx)).at(-1).text).toBe("A complete sentence.");
    const deltas = socket.frames.filter((f) => f.type === "chat.generation_delta" && f.generationId === id);
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas[0]).toMatchObject({ seq: 4, attempt: 2, round: 1 });
    expect(deltas.map((f) => f.text).join("")).toBe("A complete sentence.");
    expect(await recorded(fx.scriptId)).toHaveLength(1);
  });

  it("an MCP call that was in flight is OutcomeUnknown: notice kept, no tool row, never re-sent", async () => {
    const fx = await genFixture([{ text: "never requested" }]);
    const id = "gen_resume_tool_0001";
    const calls = await runInDurableObject(spaceStub(fx.user.userId), async (instance: UserSpace) => {
      const base = chatGenerationDeps(instance.space());
      let called = 0;
      const deps = {
        ...base,
        callMcpTool: async () => {
          called += 1;
          throw new Error("must not be called");
        },
      };
      deps.store.insert(
        record(
          fx,
          id,
          {
            phase: "tool",
            batch: {
              text: "Looking it up. ",
              reasoning: "",
              calls: [
                {
                  callId: "c1",
                  alias: "mcp__S__lookup",
                  toolId: "mcp/0b9f3a52-7d0c-4c1e-9a51-3e2f6d1c0a11:lookup",
                  argumentsText: "{}",
                  executionCallId: "5b0a3c2e-1111-4222-8333-444455556666",
                  status: "started",
                },
              ],
            },
          },
          5,
        ),
      );
      await drive(deps, id);
      return called;
    });
    expect(calls).toBe(0);
    const view = await waitEnded(fx, id);
    expect(view.status).toBe("failed");
    expect(view.error.code).toBe("mcp.call_response_failed");
    const messages = await messagesOf(fx);
    expect(messages.some((m) => m.role === "tool")).toBe(false);
    const last = messages.at(-1);
    expect(last.text).toBe("Looking it up. ");
    expect(last.toolCalls).toBeUndefined();
    expect(last.extra.tauritavern.outcomeUnknown).toEqual([
      {
        callId: "c1",
        toolId: "mcp/0b9f3a52-7d0c-4c1e-9a51-3e2f6d1c0a11:lookup",
        alias: "mcp__S__lookup",
        at: expect.any(String),
      },
    ]);
    expect(await recorded(fx.scriptId)).toHaveLength(0);
  });
});
