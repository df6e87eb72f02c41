import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserSpace } from "../../../durable-objects/user-space";
import { agentRunServices } from "../../../src/composition/agent-runs";
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from "../../../src/contracts/frames";
import { createUser, openSocket, settle, type TestSocket } from "../helpers";
import { appendEvents, createRun, inSpace, moveRun, spaceStub } from "./run-helpers";

/** The agent.event seqs a socket got for one run, in arrival order. */
function eventSeqs(socket: TestSocket, runId: string): number[] {
  return socket.frames.filter((f) => f.type === "agent.event" && f.event.runId === runId).map((f) => f.event.seq);
}

async function ping(socket: TestSocket, id: string): Promise<void> {
  socket.send({ type: "ping", id });
  await socket.waitFor((f) => f.type === "pong" && f.id === id);
}

describe("agent.subscribe / agent.unsubscribe (docs/spec/hosted.md §7)", () => {
  it("sends the backlog after afterSeq, then agent.subscribed, then live events", async () => {
    const user = await createUser();
    const run = await createRun(user.userId);
    await appendEvents(user.userId, run.runId, 9); // seq 2..10
    const socket = await openSocket(user.deviceToken);
    socket.send({ type: "agent.subscribe", runId: run.runId, afterSeq: 4 });
    const subscribed = await socket.waitFor((f) => f.type === "agent.subscribed");
    expect(subscribed).toEqual({ type: "agent.subscribed", runId: run.runId, lastSeq: 10 });
    const before = socket.frames.slice(0, socket.frames.indexOf(subscribed));
    expect(before.map((f) => f.type)).toEqual(Array(6).fill("agent.event"));
    expect(before.map((f) => f.event.seq)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(before[0].event).toMatchObject({ runId: run.runId, type: "checkpoint_created", level: "info" });

    await appendEvents(user.userId, run.runId, 2);
    await socket.waitFor((f) => f.type === "agent.event" && f.event.seq === 12);
    expect(eventSeqs(socket, run.runId)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    socket.ws.close();
  });

  it("an afterSeq past the end sends no backlog and reports the real lastSeq", async () => {
    const user = await createUser();
    const run = await createRun(user.userId);
    const socket = await openSocket(user.deviceToken);
    socket.send({ type: "agent.subscribe", runId: run.runId, afterSeq: 50 });
    expect(await socket.waitFor((f) => f.type === "agent.subscribed")).toMatchObject({ lastSeq: 1 });
    expect(eventSeqs(socket, run.runId)).toEqual([]);
    socket.ws.close();
  });

  it("an unknown run gets an agent.run_not_found error frame and no subscription", async () => {
    const user = await createUser();
    const socket = await openSocket(user.deviceToken);
    const runId = "run_0123456789abcdef0123456789abcdef";
    socket.send({ type: "agent.subscribe", runId, afterSeq: 0 });
    const error = await socket.waitFor((f) => f.type === "error");
    expect(error).toMatchObject({ code: "agent.run_not_found", runId, message: expect.any(String) });
    expect(socket.frames.some((f) => f.type === "agent.subscribed")).toBe(false);
    socket.ws.close();
  });

  it("sockets that never subscribed or unsubscribed get no agent.event, but every socket gets agent.run_changed", async () => {
    const user = await createUser();
    const run = await createRun(user.userId);
    const follower = await openSocket(user.deviceToken);
    const leaver = await openSocket(user.deviceToken);
    const bystander = await openSocket(user.deviceToken);
    follower.send({ type: "agent.subscribe", runId: run.runId, afterSeq: 1 });
    leaver.send({ type: "agent.subscribe", runId: run.runId, afterSeq: 1 });
    await follower.waitFor((f) => f.type === "agent.subscribed");
    await leaver.waitFor((f) => f.type === "agent.subscribed");
    leaver.send({ type: "agent.unsubscribe", runId: run.runId });
    await ping(leaver, "after-unsubscribe");

    await appendEvents(user.userId, run.runId, 3);
    await moveRun(user.userId, run.runId, ["initializing_workspace"]);
    await follower.waitFor((f) => f.type === "agent.event" && f.event.seq === 5);
    for (const socket of [follower, leaver, bystander]) {
      await socket.waitFor((f) => f.type === "agent.run_changed" && f.status === "initializing_workspace");
    }
    await settle();
    expect(eventSeqs(follower, run.runId)).toEqual([2, 3, 4, 5]);
    expect(follower.frames.find((f) => f.type === "agent.event" && f.event.seq === 5).event).toMatchObject({
      type: "status_changed",
      payload: { status: "initializing_workspace" },
    });
    expect(leaver.frames.filter((f) => f.type === "agent.event")).toEqual([]);
    expect(bystander.frames.filter((f) => f.type === "agent.event")).toEqual([]);
    expect(bystander.frames.find((f) => f.type === "agent.run_changed")).toEqual({
      type: "agent.run_changed",
      runId: run.runId,
      status: "initializing_workspace",
      waitingOn: null,
      commitCount: 0,
    });
    for (const socket of [follower, leaver, bystander]) socket.ws.close();
  });

  it("caps subscriptions per socket with ws.too_many_subscriptions", async () => {
    const user = await createUser();
    const socket = await openSocket(user.deviceToken);
    const runIds = await inSpace(user.userId, async ({ runs }) => {
      const ids: string[] = [];
      for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_SOCKET; i += 1)
        ids.push((await runs.create({ stableChatId: `chat-${i}` })).runId);
      return ids;
    });
    for (const runId of runIds.slice(0, MAX_SUBSCRIPTIONS_PER_SOCKET))
      socket.send({ type: "agent.subscribe", runId, afterSeq: 1 });
    // Wait until the socket holds the maximum before asking for one more.
    await socket.waitFor(
      () => socket.frames.filter((f) => f.type === "agent.subscribed").length === MAX_SUBSCRIPTIONS_PER_SOCKET,
    );
    socket.send({ type: "agent.subscribe", runId: runIds.at(-1), afterSeq: 0 });
    const error = await socket.waitFor((f) => f.type === "error");
    expect(error.code).toBe("ws.too_many_subscriptions");
    expect(socket.frames.filter((f) => f.type === "agent.subscribed")).toHaveLength(MAX_SUBSCRIPTIONS_PER_SOCKET);
    expect(eventSeqs(socket, runIds.at(-1)!)).toEqual([]);
    socket.ws.close();
  });

  it("subscribing while another request keeps appending delivers every event exactly once, in order (30 rounds)", {
    timeout: 90_000,
  }, async () => {
    const user = await createUser();
    for (let round = 0; round < 30; round += 1) {
      const run = await createRun(user.userId, `chat-${round}`);
      await appendEvents(user.userId, run.runId, 20); // seq 2..21
      const socket = await openSocket(user.deviceToken);
      const afterSeq = round % 7 === 0 ? 0 : 1 + (round % 15);
      // A concurrent request into the same object keeps appending, yielding between appends, until
      // 20 appends after it sees the socket's subscription: the subscribe lands mid-stream.
      const writer = runInDurableObject(spaceStub(user.userId), async (instance: UserSpace, state) => {
        const { journal } = agentRunServices(instance.space());
        const followed = () =>
          state
            .getWebSockets()
            .some((ws) => (ws.deserializeAttachment() as { subs: string[] }).subs.includes(`run:${run.runId}`));
        let after = 0;
        for (let i = 0; i < 5000 && after < 20; i += 1) {
          journal.append(run.runId, {
            type: "tool_call_completed",
            payload: { round: 1, callId: `call_${i}`, isError: false },
          });
          if (followed()) after += 1;
          await new Promise((resolve) => setTimeout(resolve, i % 3 === 0 ? 1 : 0));
        }
        return { last: journal.lastSeq(run.runId), after };
      });
      await settle(round % 5);
      socket.send({ type: "agent.subscribe", runId: run.runId, afterSeq });
      const { last, after } = await writer;
      expect(after).toBe(20);
      await socket.waitFor((f) => f.type === "agent.event" && f.event.seq === last);
      await ping(socket, `round-${round}`);
      const subscribed = socket.frames.find((f) => f.type === "agent.subscribed");
      expect(subscribed.runId).toBe(run.runId);
      expect(subscribed.lastSeq).toBeLessThan(last);
      const agentFrames = socket.frames.filter((f) => f.type === "agent.event" || f.type === "agent.subscribed");
      const cut = agentFrames.indexOf(subscribed);
      expect(agentFrames.slice(0, cut).every((f) => f.event.seq <= subscribed.lastSeq)).toBe(true);
      expect(
        agentFrames.slice(cut + 1).every((f) => f.type === "agent.event" && f.event.seq > subscribed.lastSeq),
      ).toBe(true);
      expect(eventSeqs(socket, run.runId)).toEqual(Array.from({ length: last - afterSeq }, (_, i) => afterSeq + i + 1));
      socket.ws.close();
    }
  });
});
