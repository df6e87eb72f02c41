/**
 * The wire contract at the type level (ADR 1700), checked by `tsc --noEmit` (npm test runs it):
 * every response/frame schema in src/contracts infers exactly the type the server builds and the
 * web client reads, and frames narrow by `type`. The runtime half parses sample frames.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type {
  AgentRunEvent,
  AgentRunHandle,
  AgentRunSummary,
  agentRunEventSchema,
  agentRunHandleSchema,
  agentRunSummarySchema,
} from "../../src/contracts/agent-run-views";
import type { ChatView, MessageView, chatViewSchema, messageViewSchema } from "../../src/contracts/chat-views";
import type { ModelConnectionView, connectionViewSchema } from "../../src/contracts/connection-views";
import type {
  McpCallOutcomeDto,
  McpServerView,
  ModelToolsView,
  mcpCallOutcomeSchema,
  mcpServerViewSchema,
  modelToolsViewSchema,
} from "../../src/contracts/mcp-views";
import type {
  AgentProfileHealth,
  AgentToolSpec,
  agentToolSpecSchema,
  profileHealthSchema,
} from "../../src/contracts/profile-views";
import { type ServerFrame, type ServerFrameOf, serverFrameSchema } from "../../src/contracts/server-frames";
import type { ContractInput, ContractOutput } from "../../src/contracts/operations";
import type { ServerFrame as PortFrame } from "../../src/ports/space";
import type { OpInput, OpOutput } from "../../durable-objects/ops";
import type { ClientFrame } from "../../src/contracts/frames";
import type { ServerFrame as WebFrame } from "../../web/src/api/types";

describe("wire types", () => {
  it("each schema infers exactly the type the server returns (domain views included)", () => {
    expectTypeOf<z.infer<typeof chatViewSchema>>().toEqualTypeOf<ChatView>();
    expectTypeOf<z.infer<typeof messageViewSchema>>().toEqualTypeOf<MessageView>();
    // Intersection (ConnectionDefaults, McpServerView overrides) and index-signature (chatRef)
    // types compare as assignable both ways.
    expectTypeOf<z.infer<typeof connectionViewSchema>>().toExtend<ModelConnectionView>();
    expectTypeOf<ModelConnectionView>().toExtend<z.infer<typeof connectionViewSchema>>();
    expectTypeOf<z.infer<typeof agentRunEventSchema>>().toEqualTypeOf<AgentRunEvent>();
    expectTypeOf<z.infer<typeof agentRunHandleSchema>>().toEqualTypeOf<AgentRunHandle>();
    expectTypeOf<z.infer<typeof agentRunSummarySchema>>().toExtend<AgentRunSummary>();
    expectTypeOf<AgentRunSummary>().toExtend<z.infer<typeof agentRunSummarySchema>>();
    expectTypeOf<z.infer<typeof mcpServerViewSchema>>().toExtend<McpServerView>();
    expectTypeOf<McpServerView>().toExtend<z.infer<typeof mcpServerViewSchema>>();
    expectTypeOf<z.infer<typeof mcpCallOutcomeSchema>>().toEqualTypeOf<McpCallOutcomeDto>();
    expectTypeOf<z.infer<typeof modelToolsViewSchema>>().toEqualTypeOf<ModelToolsView>();
    expectTypeOf<z.infer<typeof profileHealthSchema>>().toEqualTypeOf<AgentProfileHealth>();
    expectTypeOf<z.infer<typeof agentToolSpecSchema>>().toEqualTypeOf<AgentToolSpec>();
  });

  it("the server sends, and the web client receives, the one frame union", () => {
    expectTypeOf<PortFrame>().toEqualTypeOf<ServerFrame>();
    expectTypeOf<WebFrame>().toEqualTypeOf<ServerFrame>();
    expectTypeOf<ClientFrame["type"]>().toEqualTypeOf<"ping" | "agent.subscribe" | "agent.unsubscribe">();
    expectTypeOf<ServerFrameOf<"chat.message_added">>().toHaveProperty("messageCount").toEqualTypeOf<number>();
    expectTypeOf<ServerFrameOf<"agent.event">["event"]>().toEqualTypeOf<AgentRunEvent>();
    const frame = { type: "agent.run_removed", runId: "run_1" } as ServerFrame;
    if (frame.type === "agent.run_removed") expectTypeOf(frame.runId).toEqualTypeOf<string>();
    // @ts-expect-error a frame type that does not exist is not a ServerFrame
    const unknown: ServerFrame = { type: "chat.exploded", chatId: "c" };
    // @ts-expect-error a field a frame does not have is refused
    const extra: ServerFrame = { type: "agent.run_removed", runId: "r", status: "failed" };
    expect([unknown, extra]).toHaveLength(2);
  });

  it("Durable Object operations take and return the contract's types", () => {
    expectTypeOf<OpOutput<"chats.create">>().toEqualTypeOf<ChatView>();
    expectTypeOf<OpInput<"chats.messages.append">>().toEqualTypeOf<ContractInput<"chats.messages.append">>();
    expectTypeOf<OpOutput<"mcp.servers.list">>().toEqualTypeOf<ContractOutput<"mcp.servers.list">>();
    expectTypeOf<OpOutput<"agent.runs.get">>().toEqualTypeOf<AgentRunSummary>();
  });

  it("the frame schema accepts a real frame shape and refuses drift", () => {
    const ok = serverFrameSchema.safeParse({
      type: "agent.run_changed",
      runId: "run_1",
      status: "calling_model",
      waitingOn: { kind: "model", since: "2026-12-01T15:00:00.000Z", detail: "gpt-x" },
      commitCount: 0,
    });
    expect(ok.success).toBe(true);
    const waitingKindDrift = { kind: "lunch", since: "2026-12-01T15:00:00.000Z" };
    expect(
      serverFrameSchema.safeParse({
        type: "agent.run_changed",
        runId: "run_1",
        status: "calling_model",
        waitingOn: waitingKindDrift,
        commitCount: 0,
      }).success,
    ).toBe(false);
    expect(
      serverFrameSchema.safeParse({ type: "agent.run_changed", runId: "run_1", status: "thinking", waitingOn: null })
        .success,
    ).toBe(false);
    expect(serverFrameSchema.safeParse({ type: "agent.run_removed", runId: "r", extra: 1 }).success).toBe(false);
    expect(serverFrameSchema.safeParse({ type: "chat.exploded" }).success).toBe(false);
  });
});
