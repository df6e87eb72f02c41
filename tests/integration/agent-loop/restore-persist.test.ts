/**
 * Restoring a checkpoint's persistent files for the chat's next run (docs/spec/workspace.md
 * §3.2.1): a new immutable state and a chat-level pointer the next run's base selection reads
 * first; a later run's own state moves past it; refused while a run of the chat is active, and for
 * a slimmed run.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { agentRunServices } from "../../../src/composition/agent-runs";
import { api, apiJson } from "../helpers";
import { driveRun, eventOf, stubFor, userWithChat } from "./loop-helpers";

const write = (id: string, path: string, content: string) => ({
  calls: [{ id, name: "workspace_write_file", arguments: JSON.stringify({ path, content }) }],
});
const read = (id: string) => ({
  calls: [{ id, name: "workspace_read_file", arguments: JSON.stringify({ path: "persist/notes.md" }) }],
});
const finishing = (text: string) => [
  write("m", "output/main.md", text),
  { calls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
  { calls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
];
const restorePath = (runId: string, cp: string) => `/api/v1/agent/runs/${runId}/checkpoints/${cp}/restore-persist`;
const lastToolResult = (run: { requests: any[] }, index: number) =>
  JSON.stringify(run.requests[index]!.messages.at(-1)!.parts[0].result.content);

describe("POST /agent/runs/:runId/checkpoints/:checkpointId/restore-persist", () => {
  it("the next run starts from the restored files; a run after that from its own newer state", async () => {
    const { user, chatId } = await userWithChat();
    const token = user.deviceToken;
    const first = await driveRun(user.userId, chatId, {
      steps: [
        write("p1", "persist/notes.md", "The dragon is named Ember."),
        write("p2", "persist/notes.md", "The dragon is named Frost."),
        ...finishing("Chapter one."),
      ],
    });
    expect(first.status).toBe("completed");
    const writes = first.events.filter(
      (e) => e.type === "checkpoint_created" && e.payload!.reason === "tool_workspace_write",
    );
    const early = String(writes[0]!.payload!.checkpointId);
    const restored = await apiJson(restorePath(first.runId, early), { token, method: "POST", expectStatus: 200 });
    expect(restored).toMatchObject({ runId: first.runId, checkpointId: early, files: [{ path: "persist/notes.md" }] });
    expect(restored.stateId).toMatch(/^restore_[0-9a-f]{32}$/);
    const journal = await apiJson(`/api/v1/agent/runs/${first.runId}/events?limit=500`, { token, expectStatus: 200 });
    expect(journal.events.at(-1)).toMatchObject({
      type: "persist_restored",
      payload: { checkpointId: early, stateId: restored.stateId, fileCount: 1 },
    });

    const second = await driveRun(user.userId, chatId, {
      steps: [read("r"), write("p3", "persist/notes.md", "The dragon is named Ash."), ...finishing("Chapter two.")],
    });
    expect(eventOf(second.events, "run_created")!.payload).toMatchObject({ persistBaseStateId: restored.stateId });
    expect(lastToolResult(second, 1)).toContain("Ember");

    const third = await driveRun(user.userId, chatId, { steps: [read("r"), ...finishing("Chapter three.")] });
    expect(eventOf(third.events, "run_created")!.payload).toMatchObject({ persistBaseStateId: second.runId });
    expect(lastToolResult(third, 1)).toContain("Ash");
  });

  it("is refused while a run of the chat is active, for an unknown checkpoint and for a slimmed run", async () => {
    const { user, chatId } = await userWithChat();
    const token = user.deviceToken;
    const run = await driveRun(user.userId, chatId, {
      steps: [write("p1", "persist/notes.md", "Ember."), ...finishing("Text.")],
    });
    const cp = String(eventOf(run.events, "checkpoint_created")!.payload!.checkpointId);
    const active = await apiJson("/api/v1/agent/dev/runs", {
      token,
      body: { stableChatId: chatId },
      expectStatus: 201,
    });
    const refused = await apiJson(restorePath(run.runId, cp), { token, method: "POST", expectStatus: 409 });
    expect(refused.error).toMatchObject({ code: "agent.restore_conflict", details: { activeRunIds: [active.runId] } });
    await apiJson(`/api/v1/agent/dev/runs/${active.runId}/status`, {
      token,
      body: { status: "cancelled" },
      expectStatus: 200,
    });
    const unknown = await apiJson(restorePath(run.runId, "cp_999999"), { token, method: "POST", expectStatus: 404 });
    expect(unknown.error.code).toBe("workspace.checkpoint_not_found");
    await runInDurableObject(stubFor(user.userId), (instance: UserSpace) => {
      agentRunServices(instance.space()).runs.slim(run.runId);
    });
    const slimmed = await api(restorePath(run.runId, cp), { token, method: "POST" });
    expect(slimmed.status).toBe(410);
  });
});
