/**
 * agent.delegate / agent.await / task.return (docs/spec/agent-delegation.md §3, §4, §7): a writer
 * delegates to a sub-agent that calls an MCP tool and returns; the writer parks in agent.await
 * (no step in flight), gets the result capsule, commits and finishes. The child never sees the
 * writer's conversation, its snapshot has task_return instead of commit/finish, its roots are
 * narrowed, and every delegation event is journaled with its invocation.
 */
import { describe, expect, it } from "vitest";
import { typesOf } from "../agent-loop/loop-helpers";
import { apiJson } from "../helpers";
import { call, driveSaved, ECHO_ALIAS, echoText, researcherDoc, writerDoc } from "./delegation-helpers";

describe("delegation: delegate, await, task.return", () => {
  it("a writer delegates research, awaits the result, commits and finishes", async () => {
    const writer = writerDoc();
    const result = await driveSaved(writer, [researcherDoc(), writer], {
      scripts: {
        writer: [
          { calls: [call("l1", "agent_list", { purpose: "delegate" })] },
          {
            calls: [
              call("d1", "agent_delegate", {
                agentId: "researcher",
                task: { objective: "Find what dragons hoard.", title: "Dragon facts" },
              }),
            ],
          },
          { calls: [call("a1", "agent_await", {})] },
          { calls: [call("w1", "workspace_write_file", { path: "output/main.md", content: "Dragons hoard gold." })] },
          { calls: [call("c1", "workspace_commit")] },
          { calls: [call("f1", "workspace_finish")] },
        ],
        researcher: [
          { calls: [call("e1", ECHO_ALIAS, { message: "dragon hoard" })] },
          { calls: [call("s1", "workspace_write_file", { path: "scratch/facts.md", content: "gold" })] },
          { calls: [call("r1", "task_return", { summary: "Dragons hoard gold and gems.", confidence: "high" })] },
        ],
      },
      mcp: async (_toolId, args) => echoText(`Echo: ${String(args.message)}`),
    });
    expect(result.status).toBe("completed");
    expect(result.mcpCalls).toEqual([{ toolId: expect.stringContaining(":echo"), args: { message: "dragon hoard" } }]);

    // agent.list showed the researcher as a delegate target.
    const listed = result.events.find((e) => e.type === "tool_call_completed" && e.payload!.callId === "l1")!;
    expect(listed.payload!.isError).toBe(false);

    // Two invocations, the child under the delegate call.
    expect(result.invocations.map((i) => [i.invocationId === "inv_root", i.kind, i.status])).toEqual([
      [true, "root", "completed"],
      [false, "subagent", "completed"],
    ]);
    const child = result.invocations[1]!;
    const task = result.tasks[0]!;
    expect(task).toMatchObject({
      parentInvocationId: "inv_root",
      childInvocationId: child.invocationId,
      targetProfileId: "researcher",
      workspaceKey: "researcher",
      status: "completed",
      summary: "Dragons hoard gold and gems.",
      delegateCallId: "d1",
      delegateRound: 2,
      delivered: true,
    });

    // The journal: delegation events in order, each with its invocation.
    const types = typesOf(result.events);
    const order = [
      "agent_task_registered",
      "agent_invocation_created",
      "agent_delegate_started",
      "agent_task_started",
      "agent_invocation_started",
      "task_return_recorded",
      "task_return_completed",
      "agent_invocation_completed",
      "agent_task_completed",
    ].map((type) => result.events.findIndex((e) => e.type === type && e.payload!.kind !== "root"));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const ofChild = (type: string) => result.events.find((e) => e.type === type && e.payload!.kind !== "root")!;
    const scope = (type: string) => (ofChild(type).payload!.eventScope as { invocationId: string }).invocationId;
    expect(scope("agent_task_registered")).toBe("inv_root");
    expect(scope("agent_invocation_created")).toBe(child.invocationId);
    expect(scope("task_return_completed")).toBe(child.invocationId);
    expect(ofChild("agent_invocation_created").payload).toMatchObject({
      parentInvocationId: "inv_root",
      taskId: task.taskId,
      delegateCallId: "d1",
      delegateRound: 2,
      kind: "subagent",
      exitPolicy: "task_return_required",
    });
    // The child's own model and tool events carry its invocation id.
    const childTool = result.events.find((e) => e.type === "tool_call_completed" && e.payload!.callId === "e1")!;
    expect(childTool.payload!.invocationId).toBe(child.invocationId);
    // The writer parked (await started before the child returned, completed after).
    expect(types.indexOf("agent_await_started")).toBeLessThan(types.indexOf("task_return_completed"));
    expect(types.indexOf("agent_await_completed")).toBeGreaterThan(types.indexOf("agent_task_completed"));

    // The child's first request: its own prompt and the brief, never the writer's conversation.
    const childRequests = result.gateway.requests.filter((r) => r.profileId === "researcher");
    const first = childRequests[0]!.request;
    expect(first.messages).toHaveLength(2);
    expect(JSON.stringify(first.messages[1])).toContain("Find what dragons hoard.");
    expect(JSON.stringify(first.messages)).not.toContain("Tell me a story about a dragon.");
    const aliases = first.tools!.map((t) => t.alias);
    expect(aliases).toContain("task_return");
    expect(aliases).not.toContain("workspace_commit");
    expect(aliases).not.toContain("workspace_finish");

    // The writer's request after the await holds the capsule with the summary.
    const writerRequests = result.gateway.requests.filter((r) => r.profileId === "writer");
    expect(JSON.stringify(writerRequests[3]!.request.messages.at(-1))).toContain("Dragons hoard gold and gems.");

    // Results: hidden document and summaries/ file; the child wrote into its narrowed root.
    expect(result.files["summaries/researcher-result.md"]).toBe("Dragons hoard gold and gems.");
    expect(result.files["scratch/facts.md"]).toBe("gold");
    expect(JSON.parse(result.docs[`agent-results/${child.invocationId}.json`]!)).toMatchObject({
      kind: "tauritavern.agentTaskResult",
      status: "completed",
      runtime: { taskId: task.taskId, parentInvocationId: "inv_root", targetProfileId: "researcher" },
    });
    // The timeline's read: invocations and the edge nesting the child under the delegate call.
    const projection = await apiJson(`/api/v1/agent/runs/${result.runId}/invocations`, {
      token: result.token,
      expectStatus: 200,
    });
    expect(projection.foregroundInvocationIds).toEqual(["inv_root"]);
    expect(projection.invocations.map((i: { kind: string }) => i.kind)).toEqual(["root", "subagent"]);
    expect(projection.delegationEdges).toEqual([
      expect.objectContaining({
        taskId: task.taskId,
        sourceInvocationId: "inv_root",
        targetInvocationId: child.invocationId,
        delegateCallId: "d1",
        delegateRound: 2,
        title: "Dragon facts",
        status: "completed",
        summary: "Dragons hoard gold and gems.",
      }),
    ]);
  });

  it("a child writing outside its profile's roots gets a tool error", async () => {
    const writer = writerDoc();
    const result = await driveSaved(writer, [researcherDoc(), writer], {
      scripts: {
        writer: [
          { calls: [call("d1", "agent_delegate", { agentId: "researcher", task: { objective: "Try." } })] },
          { calls: [call("a1", "agent_await", { mode: "allCompleted" })] },
          { calls: [call("w1", "workspace_write_file", { path: "output/main.md", content: "x" })] },
          { calls: [call("c1", "workspace_commit")] },
          { calls: [call("f1", "workspace_finish")] },
        ],
        researcher: [
          { calls: [call("o1", "workspace_write_file", { path: "output/main.md", content: "overwrite" })] },
          { calls: [call("r1", "task_return", { summary: "could not write output/" })] },
        ],
      },
    });
    expect(result.status).toBe("completed");
    const refused = result.events.find((e) => e.type === "tool_call_failed" && e.payload!.callId === "o1")!;
    expect(refused.payload).toMatchObject({ isError: true });
    expect(String(refused.payload!.errorCode)).toMatch(/^workspace\.path_not_(visible|writable)$/);
    expect(result.files["output/main.md"]).toBe("x");
  });
});
