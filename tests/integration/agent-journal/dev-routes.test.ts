import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OPS } from "../../../durable-objects/ops/index";
import type { UserSpace } from "../../../durable-objects/user-space";
import { apiJson, createUser, openSocket } from "../helpers";
import { spaceStub } from "./run-helpers";

describe("development-only run routes", () => {
  it("create a run, append events and change status over HTTP in development", async () => {
    const user = await createUser();
    const handle = await apiJson("/api/v1/agent/dev/runs", {
      token: user.deviceToken,
      body: { stableChatId: "chat-dev" },
      expectStatus: 201,
    });
    expect(handle).toMatchObject({
      status: "created",
      stableChatId: "chat-dev",
      generationType: "normal",
      runId: expect.stringMatching(/^run_[0-9a-f]{32}$/),
    });
    expect(
      await apiJson(`/api/v1/agent/dev/runs/${handle.runId}/events`, {
        token: user.deviceToken,
        body: { count: 5 },
        expectStatus: 200,
      }),
    ).toEqual({ lastSeq: 6 });
    const summary = await apiJson(`/api/v1/agent/dev/runs/${handle.runId}/status`, {
      token: user.deviceToken,
      body: { status: "failed" },
      expectStatus: 200,
    });
    expect(summary).toMatchObject({ status: "failed", terminalAt: expect.any(String) });
    const conflict = await apiJson(`/api/v1/agent/dev/runs/${handle.runId}/status`, {
      token: user.deviceToken,
      body: { status: "calling_model" },
      expectStatus: 409,
    });
    expect(conflict.error).toMatchObject({
      code: "agent.run_status_conflict",
      details: { current: { status: "failed" } },
    });
  });

  it("keep subscriptions in the socket attachment (what survives hibernation)", async () => {
    const user = await createUser();
    const handle = await apiJson("/api/v1/agent/dev/runs", {
      token: user.deviceToken,
      body: { stableChatId: "chat-dev" },
      expectStatus: 201,
    });
    const socket = await openSocket(user.deviceToken);
    socket.send({ type: "agent.subscribe", runId: handle.runId, afterSeq: 0 });
    await socket.waitFor((f) => f.type === "agent.subscribed");
    const attachments = await runInDurableObject(spaceStub(user.userId), (_instance: UserSpace, state) =>
      state.getWebSockets().map((ws) => ws.deserializeAttachment()),
    );
    expect(attachments).toEqual([{ deviceId: user.deviceId, subs: [`run:${handle.runId}`] }]);
    socket.ws.close();
  });

  it("are refused on a deployed server", async () => {
    const user = await createUser();
    const code = await runInDurableObject(spaceStub(user.userId), async (instance: UserSpace) => {
      const deployed = { ...instance.space(), development: false };
      try {
        await OPS["agent.dev.createRun"](deployed, { stableChatId: "chat" });
        return null;
      } catch (error: any) {
        return error.code;
      }
    });
    expect(code).toBe("http.route_not_found");
  });
});
