/**
 * The main job end to end through `wrangler dev` (issue [agent-loop] "Must show"):
 * server-everything registered, active, discovered, `echo` Allowed; a chat with a few messages;
 * the scripted OpenAI-compatible server plays a model that calls chat_read_messages, the MCP echo
 * alias, workspace_write_file output/main.md, workspace_commit and workspace_finish under
 * default-writer. Asserts: run completed; the journal's contract events in order, seq 1..N; the
 * committed message and its metadata; server-everything got the exact arguments (its echo reached
 * the model); a second socket subscribed mid-run got every event exactly once; every request the
 * model server received was well-formed (each tool call answered by its result).
 */
import { describe, expect, it } from "vitest";
import { startEverythingPeer } from "../peers/mcp/everything-peer";
import { startModelPeer } from "../peers/model-peer";
import { allowEverythingEcho, scriptedConnection, wranglerSession } from "./session";

const session = wranglerSession("Agent laptop", { everything: startEverythingPeer, model: startModelPeer });
const { call, openSocket } = session;

const ECHO_MESSAGE = 'Héllo "dragon" 🐉 — 12345678901234567890 \\ tab\there';

describe("agent run under wrangler dev", () => {
  it("reads the chat, calls MCP echo, writes, commits and finishes; every device sees it", async () => {
    const id = await allowEverythingEcho(session, "everything");
    const tools = await call("/mcp/model-tools?profileId=default-writer");
    const echo = tools.body.tools.find((tool: any) => tool.toolId === `mcp/${id}:echo`);
    expect(echo).toBeTruthy();
    const alias = echo.alias as string;

    const chat = await call("/chats", { title: "Dragon tale", character: { name: "Narrator" } });
    const chatId = chat.body.id;
    for (const [i, text] of ["Hello!", "Greetings, traveller.", "Tell me about the dragon of the north."].entries()) {
      expect((await call(`/chats/${chatId}/messages`, { role: i % 2 === 0 ? "user" : "assistant", text })).status).toBe(
        201,
      );
    }

    const scriptId = `agent-e2e-${Date.now()}`;
    const story = "The dragon of the north sleeps under the ice, dreaming of spring.";
    const steps = [
      {
        toolCalls: [
          {
            id: "call_read",
            name: "chat_read_messages",
            arguments: JSON.stringify({ messages: [{ index: 0 }, { index: 2 }] }),
          },
        ],
      },
      { toolCalls: [{ id: "call_echo", name: alias, arguments: JSON.stringify({ message: ECHO_MESSAGE }) }] },
      { error: { status: 429, message: "slow down" } },
      {
        toolCalls: [
          {
            id: "call_write",
            name: "workspace_write_file",
            arguments: JSON.stringify({ path: "output/main.md", content: story }),
          },
        ],
      },
      { toolCalls: [{ id: "call_commit", name: "workspace_commit", arguments: "{}" }] },
      {
        toolCalls: [
          { id: "call_finish", name: "workspace_finish", arguments: JSON.stringify({ reason: "story told" }) },
        ],
      },
    ];
    const connection = await scriptedConnection(
      session,
      "model",
      { id: scriptId, steps, apiKey: "sk-agent-e2e-0001" },
      "sk-agent-e2e-0001",
    );
    expect(connection.status).toBe(201);

    const first = await openSocket();
    const started = await call("/agent/runs", {
      stableChatId: chatId,
      generationType: "normal",
      connectionId: connection.body.id,
      promptSnapshot: {
        chatCompletionPayload: {
          messages: [
            { role: "system", content: "You narrate." },
            { role: "user", content: "Tell me about the dragon of the north." },
          ],
          temperature: 0.8,
        },
      },
    });
    expect(started.status).toBe(201);
    const runId = started.body.runId;
    expect(started.body).toMatchObject({ status: "created", stableChatId: chatId, generationType: "normal" });
    first.ws.send(JSON.stringify({ type: "agent.subscribe", runId, afterSeq: 0 }));

    // Mid-run (the 429 makes the run wait 3 s before its retry), a second device subscribes from 0.
    await first.waitFor((f) => f.type === "agent.event" && f.event.type === "model_call_retry_scheduled");
    const second = await openSocket();
    second.ws.send(JSON.stringify({ type: "agent.subscribe", runId, afterSeq: 0 }));
    await second.waitFor((f) => f.type === "agent.subscribed");

    try {
      await first.waitFor(
        (f) =>
          f.type === "agent.event" && ["run_completed", "run_failed", "run_partial_success"].includes(f.event.type),
        45_000,
      );
    } catch (error) {
      console.log(session.dev.output().slice(-4000));
      throw error;
    }
    const summary = await call(`/agent/runs/${runId}`);
    expect(summary.body.status).toBe("completed");
    expect(summary.body.commitCount).toBe(1);

    const journal = await call(`/agent/runs/${runId}/events?afterSeq=0&limit=500`);
    const events: any[] = journal.body.events;
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const types = events.map((e) => e.type);
    const expected = [
      "run_created",
      "profile_resolved",
      "skill_scopes_resolved",
      "generation_intent_recorded",
      "workspace_initialized",
      "agent_invocation_created",
      "agent_invocation_started",
      "persistent_projection_initialized",
      "context_assembled",
      "model_request_created",
      "model_call_attempt_started",
      "model_response_stored",
      "provider_state_updated",
      "model_completed",
      "tool_call_requested",
      "tool_call_started",
      "tool_result_stored",
      "tool_call_completed",
      "model_call_attempt_failed",
      "model_call_retry_scheduled",
      "workspace_file_written",
      "checkpoint_created",
      "chat_commit_started",
      "checkpoint_created",
      "chat_commit_requested",
      "chat_commit_completed",
      "chat_commit_recorded",
      "agent_loop_finished",
      "persistent_changes_committed",
      "agent_invocation_completed",
      "run_completed",
    ];
    let at = -1;
    for (const type of expected) {
      const next = types.indexOf(type, at + 1);
      expect(next, `${type} after #${at}: ${types.join(",")}`).toBeGreaterThan(at);
      at = next;
    }
    const echoDone = events.find((e) => e.type === "tool_call_completed" && e.payload.callId === "call_echo");
    expect(echoDone.payload).toMatchObject({ toolId: `mcp/${id}:echo`, name: alias, isError: false });

    // Both sockets: every event exactly once, in order.
    for (const socket of [first, second]) {
      const seen = socket.frames
        .filter((f) => f.type === "agent.event" && f.event.runId === runId)
        .map((f) => f.event.seq);
      expect(seen).toEqual(events.map((e) => e.seq));
    }
    // The committed message reached every device live and carries the agent metadata.
    const added = await second.waitFor((f) => f.type === "chat.message_added");
    const messages = await call(`/chats/${chatId}/messages?offset=0&limit=50`);
    const last = messages.body.messages.at(-1);
    expect(messages.body.messages).toHaveLength(4);
    expect(last).toMatchObject({ role: "assistant", text: story, name: "Narrator" });
    expect(added.message?.messageId ?? added.messageId).toBe(last.messageId);
    const completed = events.find((e) => e.type === "chat_commit_completed");
    expect(last.extra.tauritavern.agent).toMatchObject({
      runId,
      commitId: completed.payload.commitId,
      checkpointId: expect.stringMatching(/^cp_\d{6}$/),
      profileId: "default-writer",
    });

    // The model server: every request well-formed; server-everything echoed the exact arguments.
    const recorded = (await (await fetch(`${session.peer("model").url}/__requests?script=${scriptId}`)).json()) as {
      requests: any[];
    };
    expect(recorded.requests.map((r) => r.status)).toEqual([200, 200, 429, 200, 200, 200]);
    for (const request of recorded.requests) {
      expect(request.body.tools.some((t: any) => t.function.name === alias)).toBe(true);
      // Every model attempt of a run is streamed, so devices see the text live (docs/spec/agent-runtime.md §9.2).
      expect(request.body.stream).toBe(true);
    }
    const lastBody = recorded.requests.at(-1).body;
    const echoResult = lastBody.messages.find((m: any) => m.role === "tool" && m.tool_call_id === "call_echo");
    expect(echoResult.content).toBe(`Echo: ${ECHO_MESSAGE}`);
    const readResult = lastBody.messages.find((m: any) => m.role === "tool" && m.tool_call_id === "call_read");
    expect(readResult.content).toContain("Tell me about the dragon of the north.");

    first.ws.close();
    second.ws.close();
  });
});
