/**
 * The agent loop end to end inside the Durable Object with a scripted model: read the chat, write
 * output/main.md, commit, finish → completed, journal in contract order, committed message with
 * its metadata, every model request well-formed.
 */
import { describe, expect, it } from "vitest";
import { driveRun, eventOf, typesOf, userWithChat } from "./loop-helpers";

const WRITE = (content: string) => JSON.stringify({ path: "output/main.md", content });

describe("agent loop: happy path", () => {
  it("reads, writes, commits and finishes; journal and chat show it", async () => {
    const { user, chatId, messages } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      steps: [
        {
          calls: [
            { id: "call_read", name: "chat_read_messages", arguments: JSON.stringify({ messages: [{ index: 2 }] }) },
          ],
        },
        {
          calls: [{ id: "call_write", name: "workspace_write_file", arguments: WRITE("Once upon a time, a dragon.") }],
        },
        { calls: [{ id: "call_commit", name: "workspace_commit", arguments: "{}" }] },
        { calls: [{ id: "call_finish", name: "workspace_finish", arguments: JSON.stringify({ reason: "done" }) }] },
      ],
    });
    expect(result.status).toBe("completed");
    const seqs = result.events.map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    const types = typesOf(result.events);
    const order = [
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
      "workspace_file_written",
      "checkpoint_created",
      "chat_commit_started",
      "chat_commit_requested",
      "chat_commit_completed",
      "chat_commit_recorded",
      "agent_loop_finished",
      "persistent_changes_committed",
      "agent_invocation_completed",
      "run_completed",
    ];
    let at = -1;
    for (const type of order) {
      const next = types.indexOf(type, at + 1);
      expect(next, `${type} after index ${at} in ${types.join(",")}`).toBeGreaterThan(at);
      at = next;
    }
    expect(types[types.length - 1]).toBe("run_completed");
    const read = result.events.filter((e) => e.type === "tool_call_completed")[0]!;
    expect(read.payload).toMatchObject({
      name: "chat_read_messages",
      toolId: "builtin:chat.read_messages",
      isError: false,
      round: 1,
    });
    // The model got the message text back in round 2.
    const toolMessage = result.requests[1]!.messages.find((m) => m.role === "tool")!;
    expect(JSON.stringify(toolMessage)).toContain("Tell me a story about a dragon.");
    expect(result.pairing).toEqual([]);
    // Chat: a new assistant message with the agent metadata.
    expect(result.chat).toHaveLength(messages.length + 1);
    const committed = result.chat[result.chat.length - 1]!;
    expect(committed).toMatchObject({ role: "assistant", text: "Once upon a time, a dragon.", name: "Narrator" });
    const agent = (committed.extra as any).tauritavern.agent;
    const completed = eventOf(result.events, "chat_commit_completed")!.payload!;
    expect(agent).toMatchObject({ runId: result.runId, commitId: completed.commitId, profileId: "default-writer" });
    expect(agent.checkpointId).toMatch(/^cp_\d{6}$/);
    expect(completed).toMatchObject({
      messageId: committed.messageId,
      messageIndex: messages.length,
      mode: "replace",
      path: "output/main.md",
    });
    expect(result.docs["model-responses/round-004.json"]).toBeTruthy();
  });

  it("append commits accumulate the file texts; a finish promotes persist/ and the next run starts from it", async () => {
    const { user, chatId, messages } = await userWithChat();
    const first = await driveRun(user.userId, chatId, {
      steps: [
        {
          calls: [
            { id: "w1", name: "workspace_write_file", arguments: WRITE("Part one. ") },
            {
              id: "p1",
              name: "workspace_write_file",
              arguments: JSON.stringify({ path: "persist/notes.md", content: "The dragon is named Ember." }),
            },
          ],
        },
        { calls: [{ id: "c1", name: "workspace_commit", arguments: JSON.stringify({ mode: "append" }) }] },
        { calls: [{ id: "r1", name: "workspace_read_file", arguments: JSON.stringify({ path: "output/main.md" }) }] },
        { calls: [{ id: "w2", name: "workspace_write_file", arguments: WRITE("Part two.") }] },
        {
          calls: [
            { id: "c2", name: "workspace_commit", arguments: JSON.stringify({ mode: "append" }) },
            { id: "f", name: "workspace_finish", arguments: "{}" },
          ],
        },
      ],
    });
    expect(first.status).toBe("completed");
    expect(first.chat).toHaveLength(messages.length + 1);
    const committed = first.chat.at(-1)!;
    expect(committed.text).toBe("Part one. Part two.");
    expect((committed.extra as any).tauritavern.agent).toMatchObject({
      runId: first.runId,
      persistStateId: first.runId,
    });
    expect(eventOf(first.events, "persistent_changes_committed")!.payload).toMatchObject({
      stateId: first.runId,
      changeCount: 1,
      changes: [{ path: "persist/notes.md", kind: "added" }],
    });
    expect(eventOf(first.events, "persistent_state_metadata_updated")!.payload).toMatchObject({
      messageId: committed.messageId,
      stateId: first.runId,
    });
    expect(first.events.filter((e) => e.type === "chat_commit_completed").map((e) => e.payload!.messageId)).toEqual([
      committed.messageId,
      committed.messageId,
    ]);

    const second = await driveRun(user.userId, chatId, {
      steps: [
        { calls: [{ id: "r", name: "workspace_read_file", arguments: JSON.stringify({ path: "persist/notes.md" }) }] },
        { calls: [{ id: "w", name: "workspace_write_file", arguments: WRITE("Ember wakes.") }] },
        { calls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
        { calls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
      ],
    });
    expect(second.status).toBe("completed");
    expect(eventOf(second.events, "run_created")!.payload).toMatchObject({ persistBaseStateId: first.runId });
    const read = (second.requests[1]!.messages.at(-1)!.parts[0] as any).result.content as string;
    expect(read).toContain("The dragon is named Ember.");
  });

  it("workspace_finish that is not the last call of its turn is refused (agent.tool_after_finish)", async () => {
    const { user, chatId } = await userWithChat();
    const result = await driveRun(user.userId, chatId, {
      steps: [
        { calls: [{ id: "w", name: "workspace_write_file", arguments: WRITE("x") }] },
        {
          calls: [
            { id: "f1", name: "workspace_finish", arguments: "{}" },
            { id: "c", name: "workspace_commit", arguments: "{}" },
          ],
        },
        { calls: [{ id: "f2", name: "workspace_finish", arguments: "{}" }] },
      ],
    });
    expect(result.status).toBe("completed");
    expect(result.events.find((e) => e.type === "tool_call_failed")!.payload).toMatchObject({
      callId: "f1",
      errorCode: "agent.tool_after_finish",
    });
  });
});
