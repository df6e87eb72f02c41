/**
 * Who may delegate to whom and how many (docs/spec/agent-delegation.md §2): each refusal is a tool
 * error with its code that the caller's model reads; the run goes on. maxInvocationsPerRun and
 * maxConcurrentInvocations come from the calling profile; allowedCallers and allowAsSubagent from
 * the target.
 */
import { describe, expect, it } from "vitest";
import { userWithChat } from "../agent-loop/loop-helpers";
import { call, driveDelegation, profileDoc, researcherDoc, saveProfiles, writerDoc } from "./delegation-helpers";

const delegate = (id: string, agentId = "researcher") =>
  call(id, "agent_delegate", { agentId, task: { objective: `Task ${id}` } });
const wrapUp = [
  { calls: [call("w9", "workspace_write_file", { path: "output/main.md", content: "done" })] },
  { calls: [call("c9", "workspace_commit")] },
  { calls: [call("f9", "workspace_finish")] },
];
const completedOf = (events: Array<{ type: string; payload: Record<string, unknown> | null }>, callId: string) =>
  events.find(
    (e) => (e.type === "tool_call_completed" || e.type === "tool_call_failed") && e.payload!.callId === callId,
  )!.payload!;

describe("delegation: policy and limits", () => {
  it("refuses a second task past maxInvocationsPerRun (agent.max_invocations_per_run_exhausted)", async () => {
    const { user, chatId } = await userWithChat();
    const writer = writerDoc((p) => {
      p.delegation.maxInvocationsPerRun = 1;
    });
    await saveProfiles(user.deviceToken, researcherDoc(), writer);
    const result = await driveDelegation(user.userId, chatId, {
      root: writer,
      scripts: {
        writer: [
          { calls: [delegate("d1")] },
          { calls: [call("a1", "agent_await", { mode: "allCompleted" })] },
          { calls: [delegate("d2")] },
          ...wrapUp,
        ],
        researcher: [{ calls: [call("r1", "task_return", { summary: "one" })] }],
      },
    });
    expect(result.status).toBe("completed");
    expect(completedOf(result.events, "d1").isError).toBe(false);
    expect(completedOf(result.events, "d2")).toMatchObject({
      isError: true,
      errorCode: "agent.max_invocations_per_run_exhausted",
    });
    expect(result.tasks).toHaveLength(1);
  });

  it("refuses a task while maxConcurrentInvocations are unfinished (agent.max_concurrent_invocations_exhausted)", async () => {
    const { user, chatId } = await userWithChat();
    const writer = writerDoc((p) => {
      p.delegation.maxConcurrentInvocations = 1;
    });
    await saveProfiles(user.deviceToken, researcherDoc(), writer);
    const result = await driveDelegation(user.userId, chatId, {
      root: writer,
      scripts: {
        writer: [
          { calls: [delegate("d1"), delegate("d2")] },
          { calls: [call("a1", "agent_await", {})] },
          { calls: [delegate("d3")] },
          { calls: [call("a2", "agent_await", {})] },
          ...wrapUp,
        ],
        researcher: [
          { calls: [call("r1", "task_return", { summary: "first" })] },
          { calls: [call("r2", "task_return", { summary: "second" })] },
        ],
      },
    });
    expect(result.status).toBe("completed");
    expect(completedOf(result.events, "d2")).toMatchObject({
      isError: true,
      errorCode: "agent.max_concurrent_invocations_exhausted",
    });
    // Once the first task finished, a new one may start; the same target gets the next workspace key.
    expect(completedOf(result.events, "d3").isError).toBe(false);
    expect(result.tasks.map((t) => [t.workspaceKey, t.status])).toEqual([
      ["researcher", "completed"],
      ["researcher-002", "completed"],
    ]);
  });

  it("refuses a caller the target does not list, a target that is not a sub-agent, and an unknown agent", async () => {
    const { user, chatId } = await userWithChat();
    const writer = writerDoc();
    const picky = researcherDoc("picky", (p) => {
      p.delegation.allowedCallers = ["someone-else"];
    });
    const handoffOnly = profileDoc("closer", (p) => {
      p.delegation = { ...p.delegation, callable: true, allowAsHandoffTarget: true };
    });
    await saveProfiles(user.deviceToken, picky, handoffOnly, writer);
    const result = await driveDelegation(user.userId, chatId, {
      root: writer,
      scripts: {
        writer: [
          { calls: [call("l1", "agent_list", {})] },
          { calls: [delegate("d1", "picky"), delegate("d2", "closer"), delegate("d3", "nobody")] },
          ...wrapUp,
        ],
      },
    });
    expect(result.status).toBe("completed");
    expect(completedOf(result.events, "d1")).toMatchObject({ isError: true, errorCode: "agent.target_caller_denied" });
    expect(completedOf(result.events, "d2")).toMatchObject({ isError: true, errorCode: "agent.target_not_subagent" });
    expect(completedOf(result.events, "d3")).toMatchObject({
      isError: true,
      errorCode: "agent.target_profile_not_found",
    });
    expect(result.tasks).toEqual([]);
    // agent.list does not offer an agent the caller may not use.
    const listRequest = result.gateway.requests.filter((r) => r.profileId === "writer")[1]!.request;
    const listResult = JSON.stringify(listRequest.messages.at(-1));
    expect(listResult).not.toContain("picky");
    expect(listResult).toContain("No agent is available");
  });

  it("agent.await before any delegation answers agent.no_child_tasks", async () => {
    const { user, chatId } = await userWithChat();
    const writer = writerDoc();
    await saveProfiles(user.deviceToken, researcherDoc(), writer);
    const result = await driveDelegation(user.userId, chatId, {
      root: writer,
      scripts: {
        writer: [{ calls: [call("a1", "agent_await", {})] }, ...wrapUp],
      },
    });
    expect(result.status).toBe("completed");
    expect(completedOf(result.events, "a1")).toMatchObject({ isError: true, errorCode: "agent.no_child_tasks" });
  });
});
