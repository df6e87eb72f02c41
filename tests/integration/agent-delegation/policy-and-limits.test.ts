/**
 * Who may delegate to whom and how many (docs/spec/agent-delegation.md §2): each refusal is a tool
 * error with its code that the caller's model reads; the run goes on. maxInvocationsPerRun and
 * maxConcurrentInvocations come from the calling profile; allowedCallers and allowAsSubagent from
 * the target.
 */
import { describe, expect, it } from "vitest";
import { call, callResult, driveSaved, profileDoc, researcherDoc, WRAP_UP, writerDoc } from "./delegation-helpers";

const delegate = (id: string, agentId = "researcher") =>
  call(id, "agent_delegate", { agentId, task: { objective: `Task ${id}` } });

describe("delegation: policy and limits", () => {
  it("refuses a second task past maxInvocationsPerRun (agent.max_invocations_per_run_exhausted)", async () => {
    const writer = writerDoc((p) => {
      p.delegation.maxInvocationsPerRun = 1;
    });
    const result = await driveSaved(writer, [researcherDoc(), writer], {
      scripts: {
        writer: [
          { calls: [delegate("d1")] },
          { calls: [call("a1", "agent_await", { mode: "allCompleted" })] },
          { calls: [delegate("d2")] },
          ...WRAP_UP,
        ],
        researcher: [{ calls: [call("r1", "task_return", { summary: "one" })] }],
      },
    });
    expect(result.status).toBe("completed");
    expect(callResult(result.events, "d1").isError).toBe(false);
    expect(callResult(result.events, "d2")).toMatchObject({
      isError: true,
      errorCode: "agent.max_invocations_per_run_exhausted",
    });
    expect(result.tasks).toHaveLength(1);
  });

  it("refuses a task while maxConcurrentInvocations are unfinished (agent.max_concurrent_invocations_exhausted)", async () => {
    const writer = writerDoc((p) => {
      p.delegation.maxConcurrentInvocations = 1;
    });
    const result = await driveSaved(writer, [researcherDoc(), writer], {
      scripts: {
        writer: [
          { calls: [delegate("d1"), delegate("d2")] },
          { calls: [call("a1", "agent_await", {})] },
          { calls: [delegate("d3")] },
          { calls: [call("a2", "agent_await", {})] },
          ...WRAP_UP,
        ],
        researcher: [
          { calls: [call("r1", "task_return", { summary: "first" })] },
          { calls: [call("r2", "task_return", { summary: "second" })] },
        ],
      },
    });
    expect(result.status).toBe("completed");
    expect(callResult(result.events, "d2")).toMatchObject({
      isError: true,
      errorCode: "agent.max_concurrent_invocations_exhausted",
    });
    // Once the first task finished, a new one may start; the same target gets the next workspace key.
    expect(callResult(result.events, "d3").isError).toBe(false);
    expect(result.tasks.map((t) => [t.workspaceKey, t.status])).toEqual([
      ["researcher", "completed"],
      ["researcher-002", "completed"],
    ]);
  });

  it("refuses a caller the target does not list, a target that is not a sub-agent, and an unknown agent", async () => {
    const writer = writerDoc();
    const picky = researcherDoc("picky", (p) => {
      p.delegation.allowedCallers = ["someone-else"];
    });
    const handoffOnly = profileDoc("closer", (p) => {
      p.delegation = { ...p.delegation, callable: true, allowAsHandoffTarget: true };
    });
    const result = await driveSaved(writer, [picky, handoffOnly, writer], {
      scripts: {
        writer: [
          { calls: [call("l1", "agent_list", {})] },
          { calls: [delegate("d1", "picky"), delegate("d2", "closer"), delegate("d3", "nobody")] },
          ...WRAP_UP,
        ],
      },
    });
    expect(result.status).toBe("completed");
    expect(callResult(result.events, "d1")).toMatchObject({ isError: true, errorCode: "agent.target_caller_denied" });
    expect(callResult(result.events, "d2")).toMatchObject({ isError: true, errorCode: "agent.target_not_subagent" });
    expect(callResult(result.events, "d3")).toMatchObject({
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
    const writer = writerDoc();
    const result = await driveSaved(writer, [researcherDoc(), writer], {
      scripts: {
        writer: [{ calls: [call("a1", "agent_await", {})] }, ...WRAP_UP],
      },
    });
    expect(result.status).toBe("completed");
    expect(callResult(result.events, "a1")).toMatchObject({ isError: true, errorCode: "agent.no_child_tasks" });
  });
});
