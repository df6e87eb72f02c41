/**
 * The runs list and one run name the chat (docs/api.md "Agent runs: records and journal"): `chatTitle`
 * is the chat's title now, null once the chat was deleted; the chat and status filters still apply.
 */
import { describe, expect, it } from "vitest";
import { apiJson } from "../helpers";
import { driveRun, userWithChat } from "./loop-helpers";

const steps = [
  { calls: [{ id: "w", name: "workspace_write_file", arguments: '{"path":"output/main.md","content":"Hi."}' }] },
  { calls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
  { calls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
];

describe("runs list names the chat", () => {
  it("chatTitle follows renames, is null after the chat is deleted; filters by chat and status", async () => {
    const { user, chatId } = await userWithChat();
    const token = user.deviceToken;
    const run = await driveRun(user.userId, chatId, { steps });
    const list = await apiJson(`/api/v1/agent/runs?stableChatId=${chatId}&statuses=completed`, {
      token,
      expectStatus: 200,
    });
    expect(list.runs.map((r: any) => [r.runId, r.chatTitle])).toEqual([[run.runId, "Agent chat"]]);
    const failedOnly = await apiJson(`/api/v1/agent/runs?stableChatId=${chatId}&statuses=failed`, {
      token,
      expectStatus: 200,
    });
    expect(failedOnly.runs).toEqual([]);
    await apiJson(`/api/v1/chats/${chatId}`, {
      token,
      method: "PATCH",
      body: { title: "龙的故事" },
      expectStatus: 200,
    });
    expect((await apiJson(`/api/v1/agent/runs/${run.runId}`, { token, expectStatus: 200 })).chatTitle).toBe("龙的故事");
    await apiJson(`/api/v1/chats/${chatId}`, { token, method: "DELETE", expectStatus: 200 });
    const after = await apiJson(`/api/v1/agent/runs/${run.runId}`, { token, expectStatus: 200 });
    expect(after.chatTitle).toBeNull();
  });
});
