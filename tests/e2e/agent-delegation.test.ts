/**
 * Delegation end to end through `wrangler dev` (docs/spec/agent-delegation.md): a writer profile
 * delegates a research task to a sub-agent profile bound to its own scripted model; the sub-agent
 * calls server-everything's echo and returns with task_return; the writer awaits, uses the result,
 * commits and finishes. `wrangler dev` restarts while the sub-agent waits on its model (the writer
 * is parked in agent_await): both invocations resume from their own step machines. The journal
 * holds both invocations in order; `GET /agent/runs/:id/invocations` nests the child under the
 * delegate call.
 */
import { describe, expect, it } from "vitest";
import { startEverythingPeer } from "../peers/mcp/everything-peer";
import { startModelPeer } from "../peers/model-peer";
import { allowEverythingEcho, scriptedConnection, wranglerSession } from "./session";

const session = wranglerSession("Delegation laptop", { everything: startEverythingPeer, model: startModelPeer });

async function call(path: string, body?: unknown): Promise<any> {
  const answer = await session.call(path, body);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${path} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body;
}

const tool = (id: string, name: string, args: Record<string, unknown> = {}) => ({
  id,
  name,
  arguments: JSON.stringify(args),
});

async function profile(id: string, edit: (p: any) => void): Promise<void> {
  const { profile: base } = await call("/agent/profiles/default-writer");
  const doc = { ...structuredClone(base), id, displayName: id };
  edit(doc);
  await call("/agent/profiles", doc);
}

describe("delegation through wrangler dev", () => {
  it("writer delegates to a researcher that uses MCP; both survive a restart mid-child", async () => {
    const serverId = await allowEverythingEcho(session, "everything");
    const echoId = `mcp/${serverId}:echo`;
    const stamp = Date.now();
    const writerScript = `deleg-writer-${stamp}`;
    const researcherScript = `deleg-research-${stamp}`;
    const writerSteps = [
      {
        toolCalls: [
          tool("d1", "agent_delegate", {
            agentId: "researcher",
            task: { objective: "Find out what the dragon hoards.", title: "Hoard" },
          }),
        ],
      },
      { toolCalls: [tool("a1", "agent_await", { mode: "allCompleted" })] },
      {
        toolCalls: [
          tool("w1", "workspace_write_file", { path: "output/main.md", content: "The dragon hoards moonstones." }),
        ],
      },
      { toolCalls: [tool("c1", "workspace_commit")] },
      { toolCalls: [tool("f1", "workspace_finish")] },
    ];
    const researcherSteps = [
      { toolCalls: [tool("e1", "mcp__Everything__echo", { message: "moonstones" })] },
      {
        delayMs: 6000,
        toolCalls: [tool("r1", "task_return", { summary: "The hoard is moonstones (echo confirmed)." })],
      },
    ];
    const connected = await scriptedConnection(session, "model", { id: writerScript, steps: writerSteps });
    expect(connected.status).toBe(201);
    const connectionId = connected.body.id as string;
    const loaded = await fetch(`${session.peer("model").url}/__script`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: researcherScript, steps: researcherSteps, pick: "round" }),
    });
    expect(loaded.status).toBe(201);
    await fetch(`${session.peer("model").url}/__script`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: writerScript, steps: writerSteps, pick: "round" }),
    });
    await profile("researcher", (p) => {
      p.run = { ...p.run, presentation: "background", directRunnable: false };
      p.model = { mode: "connectionRef", connectionRef: connectionId, modelId: researcherScript };
      p.delegation = { ...p.delegation, callable: true, allowAsSubagent: true, descriptionForAgents: "Finds facts." };
      p.tools.allow = ["builtin:chat.search", "builtin:workspace.write_file", echoId];
      p.instructions = { agentSystemPrompt: "You research one question and return the answer." };
    });
    await profile("writer", (p) => {
      p.delegation = { ...p.delegation, canDelegate: true };
      p.tools.allow = [
        "builtin:agent.delegate",
        "builtin:agent.await",
        "builtin:workspace.write_file",
        "builtin:workspace.commit",
        "builtin:workspace.finish",
      ];
    });
    const chat = await call("/chats", { title: "Delegation" });
    await call(`/chats/${chat.id}/messages`, { role: "user", text: "What does the dragon hoard?" });
    const { runId } = await call("/agent/runs", {
      stableChatId: chat.id,
      profileId: "writer",
      connectionId,
      promptSnapshot: {
        chatCompletionPayload: { messages: [{ role: "user", content: "What does the dragon hoard?" }] },
      },
    });

    // Restart while the child's second model call is on the wire (the writer is parked in agent_await).
    let childId = "";
    for (let deadline = Date.now() + 30_000; ; ) {
      const { events } = await call(`/agent/runs/${runId}/events?limit=500`);
      const created = events.find((e: any) => e.type === "agent_invocation_created" && e.payload.kind === "subagent");
      childId = created?.payload.invocationId ?? "";
      const waiting = events.some(
        (e: any) =>
          e.type === "model_call_attempt_started" && e.payload.invocationId === childId && e.payload.round === 2,
      );
      if (childId && waiting) {
        expect(events.some((e: any) => e.type === "agent_await_started")).toBe(true);
        break;
      }
      if (Date.now() > deadline)
        throw new Error(`the child never reached round 2:\n${session.dev.output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await session.dev.restart();

    let run: any;
    for (let deadline = Date.now() + 60_000; ; ) {
      run = await call(`/agent/runs/${runId}`);
      if (["completed", "failed", "partial_success", "cancelled"].includes(run.status)) break;
      if (Date.now() > deadline)
        throw new Error(`run still ${run.status} after the restart:\n${session.dev.output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(run.status).toBe("completed");

    const { events } = await call(`/agent/runs/${runId}/events?limit=500`);
    expect(events.map((e: any) => e.seq)).toEqual(events.map((_: unknown, i: number) => i + 1));
    const scopeOf = (e: any) => e.payload?.eventScope?.invocationId;
    // Both invocations, in order: the root delegates, the child works and returns, the root finishes.
    const milestones = [
      ["agent_delegate_started", "inv_root"],
      ["agent_invocation_started", childId],
      ["tool_call_completed", childId],
      ["task_return_completed", childId],
      ["agent_task_completed", childId],
      ["agent_await_completed", "inv_root"],
      ["chat_commit_completed", "inv_root"],
      ["run_completed", "inv_root"],
    ].map(([type, inv]) => events.findIndex((e: any) => e.type === type && (scopeOf(e) ?? "inv_root") === inv));
    expect(milestones.every((i) => i >= 0)).toBe(true);
    expect([...milestones].sort((a, b) => a - b)).toEqual(milestones);
    // The interrupted child attempt was re-sent, not lost.
    expect(
      events.some(
        (e: any) =>
          e.type === "model_call_attempt_failed" &&
          e.payload.invocationId === childId &&
          e.payload.code === "agent.step_interrupted",
      ),
    ).toBe(true);
    const echo = events.find((e: any) => e.type === "tool_call_completed" && e.payload.callId === "e1");
    expect(echo.payload).toMatchObject({ invocationId: childId, toolId: echoId, isError: false });

    const projection = await call(`/agent/runs/${runId}/invocations`);
    expect(projection.invocations.map((i: any) => [i.kind, i.status])).toEqual([
      ["root", "completed"],
      ["subagent", "completed"],
    ]);
    expect(projection.delegationEdges[0]).toMatchObject({
      sourceInvocationId: "inv_root",
      targetInvocationId: childId,
      targetProfileId: "researcher",
      delegateCallId: "d1",
      delegateRound: 1,
      status: "completed",
      summary: "The hoard is moonstones (echo confirmed).",
    });

    // The writer's request after the await carried the child's summary; the child never saw the writer's conversation.
    const recorded = async (script: string) =>
      ((await (await fetch(`${session.peer("model").url}/__requests?script=${script}`)).json()) as any).requests;
    const writerRequests = await recorded(writerScript);
    expect(JSON.stringify(writerRequests.at(-3).body.messages)).toContain("The hoard is moonstones");
    const researcherRequests = await recorded(researcherScript);
    expect(JSON.stringify(researcherRequests[0].body.messages)).toContain("Find out what the dragon hoards.");
    expect(JSON.stringify(researcherRequests[0].body.messages)).not.toContain("What does the dragon hoard?");
    const messages = await call(`/chats/${chat.id}/messages?offset=0&limit=10`);
    expect(messages.messages.at(-1)).toMatchObject({ role: "assistant", text: "The dragon hoards moonstones." });
  });
});
