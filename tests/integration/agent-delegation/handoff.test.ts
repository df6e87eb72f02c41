/**
 * agent.handoff (docs/spec/agent-delegation.md §6): the foreground invocation gives the run to
 * another profile, which continues the same run (its commits count, it commits and finishes);
 * the number of handoffs is bounded by the calling profile's maxHandoffDepth
 * (agent.max_handoff_depth_exhausted); unfinished tasks block a handoff.
 */
import { describe, expect, it } from "vitest";
import { typesOf } from "../agent-loop/loop-helpers";
import { call, callResult, driveSaved, profileDoc, WRAP_UP, writerDoc } from "./delegation-helpers";

/** A profile that may hand off and take handoffs (maxHandoffDepth 1), with the handoff and workspace tools. */
const handoffDoc = (id: string) =>
  profileDoc(id, (p) => {
    p.delegation = {
      ...p.delegation,
      canHandoff: true,
      callable: true,
      allowAsHandoffTarget: true,
      maxHandoffDepth: 1,
    };
    p.tools.allow = [
      "builtin:agent.handoff",
      "builtin:workspace.read_file",
      "builtin:workspace.write_file",
      "builtin:workspace.commit",
      "builtin:workspace.finish",
    ];
  });

describe("delegation: handoff", () => {
  it("hands the run to another profile, which commits and finishes it; a second handoff past maxHandoffDepth is refused", async () => {
    const writer = handoffDoc("writer");
    const closer = handoffDoc("closer");
    const result = await driveSaved(writer, [writer, closer], {
      scripts: {
        writer: [
          { calls: [call("w1", "workspace_write_file", { path: "output/main.md", content: "Draft." })] },
          { calls: [call("c1", "workspace_commit")] },
          { calls: [call("h1", "agent_handoff", { agentId: "closer", handoff: { objective: "Polish and finish." } })] },
        ],
        closer: [
          { calls: [call("h2", "agent_handoff", { agentId: "writer", handoff: { objective: "Back to you." } })] },
          { calls: [call("r2", "workspace_read_file", { path: "output/main.md" })] },
          { calls: [call("w2", "workspace_write_file", { path: "output/main.md", content: "Polished." })] },
          { calls: [call("c2", "workspace_commit")] },
          { calls: [call("f2", "workspace_finish")] },
        ],
      },
    });
    expect(result.status).toBe("completed");
    expect(callResult(result.events, "h1")).toMatchObject({ isError: false });
    expect(callResult(result.events, "h2")).toMatchObject({
      isError: true,
      errorCode: "agent.max_handoff_depth_exhausted",
    });
    expect(result.invocations.map((i) => [i.kind, i.profileId, i.status])).toEqual([
      ["root", "writer", "transferred"],
      ["handoff", "closer", "completed"],
    ]);
    expect(result.tasks).toHaveLength(1);
    expect(result.tasks[0]).toMatchObject({
      continuation: "transfer_control",
      status: "completed",
      delegateCallId: "h1",
    });
    expect(result.tasks[0]!.taskId).toMatch(/^handoff_[0-9a-f]{32}$/);
    const types = typesOf(result.events);
    const handoffOrder = [
      "agent_handoff_requested",
      "agent_handoff_accepted",
      "agent_invocation_transferred",
      "agent_loop_finished",
      "agent_task_started",
      "run_completed",
    ].map((t) => types.indexOf(t));
    expect([...handoffOrder].sort((a, b) => a - b)).toEqual(handoffOrder);
    // The closer continued the same run: both commits are in its ledger, the chat shows the last one.
    const commits = result.events.filter((e) => e.type === "chat_commit_recorded").map((e) => e.payload!.commitCount);
    expect(commits).toEqual([1, 2]);
    // Its first request had its own prompt, the chat prompt and the brief; the writer's turns are not there.
    const first = result.gateway.requests.find((r) => r.profileId === "closer")!.request;
    const text = JSON.stringify(first.messages);
    expect(text).toContain("Polish and finish.");
    expect(text).toContain("Tell me a story about a dragon.");
    expect(text).not.toContain("workspace_commit");
  });

  it("a handoff while a delegated task is unfinished is refused (agent.handoff_pending_tasks)", async () => {
    const writer = writerDoc((p) => {
      p.delegation = { ...p.delegation, canHandoff: true };
      p.tools.allow.push("builtin:agent.handoff");
    });
    const helper = profileDoc("helper", (p) => {
      p.delegation = { ...p.delegation, callable: true, allowAsSubagent: true, allowAsHandoffTarget: true };
    });
    const result = await driveSaved(writer, [helper, writer], {
      scripts: {
        writer: [
          { calls: [call("d1", "agent_delegate", { agentId: "helper", task: { objective: "Help." } })] },
          { calls: [call("h1", "agent_handoff", { agentId: "helper", handoff: { objective: "Take over." } })] },
          { calls: [call("a1", "agent_await", { mode: "allCompleted" })] },
          ...WRAP_UP,
        ],
        helper: [
          { calls: [call("x1", "agent_handoff", { agentId: "writer", handoff: { objective: "no" } })] },
          { calls: [call("r1", "task_return", { summary: "helped" })] },
        ],
      },
    });
    expect(result.status).toBe("completed");
    expect(callResult(result.events, "h1")).toMatchObject({ isError: true, errorCode: "agent.handoff_pending_tasks" });
    expect(callResult(result.events, "x1")).toMatchObject({ isError: true, errorCode: "agent.child_handoff_denied" });
  });
});
