/**
 * Undoing an agent commit (docs/spec/workspace.md §3 "Reverting a commit"): a new message is
 * removed, a new swipe removed, a replaced message gets its previous text back; every device hears
 * it; a message edited after the commit is never touched (409 agent.revert_conflict); a commit is
 * undone once; the journal records `commit_reverted`.
 */
import { describe, expect, it } from "vitest";
import { api, apiJson, openSocket } from "../helpers";
import { driveRun, userWithChat } from "./loop-helpers";

const steps = (text: string) => [
  {
    calls: [
      { id: "w", name: "workspace_write_file", arguments: JSON.stringify({ path: "output/main.md", content: text }) },
    ],
  },
  { calls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
  { calls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
];
const revertPath = (runId: string, commitId: string) => `/api/v1/agent/runs/${runId}/commits/${commitId}/revert`;
const commitOf = (events: any[]) => events.find((e) => e.type === "chat_commit_completed")!.payload;

describe("POST /agent/runs/:runId/commits/:commitId/revert", () => {
  it("removes a new message (live on another device), journals it, and refuses a second revert", async () => {
    const { user, chatId } = await userWithChat();
    const token = user.deviceToken;
    const run = await driveRun(user.userId, chatId, { steps: steps("The dragon slept.") });
    const { commitId, messageId } = commitOf(run.events);
    const socket = await openSocket(token);
    const answer = await apiJson(revertPath(run.runId, commitId), { token, method: "POST", expectStatus: 200 });
    expect(answer).toMatchObject({ runId: run.runId, commitId, action: "removed", messageId });
    await socket.waitFor((f: any) => f.type === "chat.message_removed" && f.messageId === messageId);
    socket.ws.close();
    const window = await apiJson(`/api/v1/chats/${chatId}/messages?limit=50`, { token, expectStatus: 200 });
    expect(window.messages.map((m: any) => m.text)).not.toContain("The dragon slept.");
    const events = await apiJson(`/api/v1/agent/runs/${run.runId}/events?limit=500`, { token, expectStatus: 200 });
    expect(events.events.at(-1)).toMatchObject({
      type: "commit_reverted",
      payload: { commitId, messageId, action: "removed" },
    });
    const again = await apiJson(revertPath(run.runId, commitId), { token, method: "POST", expectStatus: 409 });
    expect(again.error.code).toBe("agent.commit_already_reverted");
  });

  it("a replaced message gets its previous text back; a swipe is removed", async () => {
    const { user, chatId } = await userWithChat(["Hello", "The old reply."]);
    const token = user.deviceToken;
    const regenerated = await driveRun(user.userId, chatId, {
      input: { generationType: "regenerate" },
      steps: steps("The new reply."),
    });
    expect(regenerated.chat.at(-1)!.text).toBe("The new reply.");
    const replaced = await apiJson(revertPath(regenerated.runId, commitOf(regenerated.events).commitId), {
      token,
      method: "POST",
      expectStatus: 200,
    });
    expect(replaced).toMatchObject({ action: "restored", message: { text: "The old reply." } });

    const swiped = await driveRun(user.userId, chatId, {
      input: { generationType: "swipe" },
      steps: steps("Swipe two."),
    });
    expect(swiped.chat.at(-1)).toMatchObject({ text: "Swipe two.", swipes: ["The old reply.", "Swipe two."] });
    const unswiped = await apiJson(revertPath(swiped.runId, commitOf(swiped.events).commitId), {
      token,
      method: "POST",
      expectStatus: 200,
    });
    expect(unswiped.message.text).toBe("The old reply.");
    expect(unswiped.message.swipes ?? ["The old reply."]).toEqual(["The old reply."]);
  });

  it("never touches a message edited after the commit (409 agent.revert_conflict); unknown commit 404", async () => {
    const { user, chatId } = await userWithChat();
    const token = user.deviceToken;
    const run = await driveRun(user.userId, chatId, { steps: steps("Agent text.") });
    const { commitId, messageId } = commitOf(run.events);
    const message = await apiJson(`/api/v1/chats/${chatId}/messages/${messageId}`, { token, expectStatus: 200 });
    await apiJson(`/api/v1/chats/${chatId}/messages/${messageId}`, {
      token,
      method: "PATCH",
      body: { text: "My own edit.", ifRevision: message.revision },
      expectStatus: 200,
    });
    const refused = await apiJson(revertPath(run.runId, commitId), { token, method: "POST", expectStatus: 409 });
    expect(refused.error.code).toBe("agent.revert_conflict");
    expect(refused.error.details.current.text).toBe("My own edit.");
    const after = await apiJson(`/api/v1/chats/${chatId}/messages/${messageId}`, { token, expectStatus: 200 });
    expect(after.text).toBe("My own edit.");
    const unknown = await api(revertPath(run.runId, `commit_${"0".repeat(32)}`), { token, method: "POST" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error.code).toBe("agent.commit_not_found");
  });
});
