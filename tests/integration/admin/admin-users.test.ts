/**
 * The operator's view (docs/spec/data-portability.md §6; ADR 2702): the directory lists users with
 * their own reported figures; a user missing from it is backfilled on its next request; disable
 * closes sockets and refuses tokens, pairing codes and tickets at once and keeps the data; enable
 * restores access; delete (with confirm) empties the user's object and removes the entry.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { UserDirectory } from "../../../durable-objects/user-directory";
import type { UserSpace } from "../../../durable-objects/user-space";
import { api, apiJson, createUser, openSocket, SETUP_TOKEN } from "../helpers";
import { driveRun, userWithChat } from "../agent-loop/loop-helpers";

const admin = (path: string, init: Parameters<typeof apiJson>[1] = {}) =>
  apiJson(`/api/v1/admin${path}`, { token: SETUP_TOKEN, ...init });

function space(userId: string): DurableObjectStub<UserSpace> {
  const ns = env.USER_SPACE as unknown as DurableObjectNamespace<UserSpace>;
  return ns.get(ns.idFromName(userId));
}

function directory(): DurableObjectStub<UserDirectory> {
  const ns = env.USER_DIRECTORY as unknown as DurableObjectNamespace<UserDirectory>;
  return ns.get(ns.idFromName("directory"));
}

async function listed(userId: string) {
  const { users } = await admin("/users", { expectStatus: 200 });
  return users.find((u: any) => u.userId === userId);
}

describe("operator: users", () => {
  it("needs the setup token", async () => {
    expect((await api("/api/v1/admin/users")).status).toBe(401);
    const user = await createUser();
    const wrong = await apiJson("/api/v1/admin/users", { token: user.deviceToken, expectStatus: 401 });
    expect(wrong.error.code).toBe("auth.token_invalid");
  });

  it("lists users written at setup with their devices, bytes and state", async () => {
    const user = await createUser();
    const entry = await listed(user.userId);
    expect(entry).toMatchObject({ userId: user.userId, devices: 1, disabled: false });
    expect(entry.bytes).toBeGreaterThan(0);
    expect(Date.parse(entry.createdAt)).toBeGreaterThan(0);
  });

  it("backfills a user the directory does not know on that user's next request", async () => {
    const user = await createUser();
    await directory().remove(user.userId);
    expect(await listed(user.userId)).toBeUndefined();
    await runInDurableObject(space(user.userId), (instance: UserSpace) => {
      (instance as unknown as { reportedAt: number }).reportedAt = 0;
    });
    await apiJson("/api/v1/devices", { token: user.deviceToken, expectStatus: 200 });
    await expect.poll(() => listed(user.userId), { timeout: 10_000 }).toMatchObject({ devices: 1 });
  });

  it("disable: socket closed, token, ticket and pairing code refused, data kept; enable restores access", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    const { code } = await apiJson("/api/v1/devices/pairing-codes", { method: "POST", token, expectStatus: 201 });
    const { ticket } = await apiJson("/api/v1/ws-tickets", { method: "POST", token, expectStatus: 201 });
    await apiJson("/api/v1/chats", { token, body: { title: "Kept" }, expectStatus: 201 });
    const socket = await openSocket(token);

    expect(await admin(`/users/${user.userId}/disable`, { method: "POST", expectStatus: 200 })).toEqual({
      userId: user.userId,
      disabled: true,
    });
    expect((await socket.closed).code).toBe(4003);
    const refused = await apiJson("/api/v1/chats", { token, expectStatus: 403 });
    expect(refused.error.code).toBe("auth.user_disabled");
    const pair = await apiJson("/api/v1/devices/pair", { body: { code, deviceName: "Phone" }, expectStatus: 403 });
    expect(pair.error.code).toBe("auth.user_disabled");
    const ws = await api(`/api/v1/ws?ticket=${encodeURIComponent(ticket)}`, { headers: { Upgrade: "websocket" } });
    expect(ws.status).toBe(403);
    expect(await listed(user.userId)).toMatchObject({ disabled: true });

    await admin(`/users/${user.userId}/enable`, { method: "POST", expectStatus: 200 });
    const chats = await apiJson("/api/v1/chats", { token, expectStatus: 200 });
    expect(chats.chats.map((c: any) => c.title)).toEqual(["Kept"]);
    expect(await listed(user.userId)).toMatchObject({ disabled: false });
  });

  it("disable cancels a run that is still going", async () => {
    const { user, chatId } = await userWithChat();
    const call = (id: string, name: string, args: unknown) => ({
      calls: [{ id, name, arguments: JSON.stringify(args) }],
    });
    const steps = [
      call("w1", "workspace_write_file", { path: "output/main.md", content: "Once upon a time" }),
      call("w2", "workspace_write_file", { path: "output/main.md", content: "Once upon a time, again" }),
      call("f1", "workspace_finish", { reason: "done" }),
    ];
    const started = await driveRun(user.userId, chatId, { steps, maxSteps: 2 });
    expect(["completed", "failed", "cancelled", "partial_success"]).not.toContain(started.status);
    await admin(`/users/${user.userId}/disable`, { method: "POST", expectStatus: 200 });
    const status = await runInDurableObject(space(user.userId), (_i: UserSpace, state) =>
      String(state.storage.sql.exec("SELECT status FROM te_runs WHERE id = ?", started.runId).one().status),
    );
    expect(status).toBe("cancelled");
  });

  it("an unknown user: 404 for disable and delete", async () => {
    const unknown = "u_unknownuser0000000000000";
    expect((await admin(`/users/${unknown}/disable`, { method: "POST", expectStatus: 404 })).error.code).toBe(
      "auth.user_not_found",
    );
    expect(
      (await admin(`/users/${unknown}`, { method: "DELETE", body: { confirm: unknown }, expectStatus: 404 })).error
        .code,
    ).toBe("auth.user_not_found");
  });

  it("delete needs confirm; then the object is empty, the token refused and the entry gone", async () => {
    const user = await createUser();
    const token = user.deviceToken;
    await apiJson("/api/v1/chats", { token, body: { title: "Gone" }, expectStatus: 201 });
    await apiJson("/api/v1/export", { token, body: {}, expectStatus: 202 });
    const socket = await openSocket(token);
    const mismatch = await admin(`/users/${user.userId}`, {
      method: "DELETE",
      body: { confirm: "someone-else" },
      expectStatus: 400,
    });
    expect(mismatch.error.code).toBe("admin.confirm_mismatch");
    expect(await listed(user.userId)).toBeDefined();

    expect(
      await admin(`/users/${user.userId}`, { method: "DELETE", body: { confirm: user.userId }, expectStatus: 200 }),
    ).toEqual({ userId: user.userId, deleted: true, verified: true });
    expect((await socket.closed).code).toBe(4004);
    const tables = await runInDurableObject(space(user.userId), (_i: UserSpace, state) =>
      state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'te%'").toArray(),
    );
    expect(tables).toEqual([]);
    expect(await runInDurableObject(space(user.userId), (_i: UserSpace, state) => state.storage.getAlarm())).toBeNull();
    expect((await apiJson("/api/v1/chats", { token, expectStatus: 401 })).error.code).toBe("auth.token_invalid");
    expect(await listed(user.userId)).toBeUndefined();
  });
});
