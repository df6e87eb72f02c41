/**
 * Ask means ask, end to end through `wrangler dev` (issue [approvals] "Must show"): server-everything's
 * `echo` is set to Ask; the scripted model calls it in Agent runs and a chat generation.
 * - run 1: both devices get `approval.requested`; the phone approves → the call runs, the run completes;
 *   a second decision gets 409 `approval.already_resolved`;
 * - run 2: denied → the model receives the `mcp.approval_denied` result and the run goes on to completed;
 * - run 3: a 1.5 s development timeout → `expired`, the model receives `mcp.approval_expired`;
 * - run 4: `wrangler dev` restarts while the approval is pending → still pending, approved after, completed;
 * - a chat generation waits (a second Send gets 409 naming the approval), the phone approves, it completes;
 * - catalog change: the modern peer's Allowed `echo` changes its description → after a refresh it is
 *   Ask and flagged with the diff, the next run asks; accepting the review restores Allow. Bulk
 *   permissions patch the listed tools and refuse unknown names without changing anything.
 */
import { describe, expect, it } from "vitest";
import { startEverythingPeer } from "../peers/mcp/everything-peer";
import { startModernPeer } from "../peers/mcp/modern-peer";
import { startModelPeer } from "../peers/model-peer";
import { pairDevice, scriptedConnection, wranglerSession, type ApiResult, type PairedDevice } from "./session";

const session = wranglerSession("Approvals laptop", {
  everything: startEverythingPeer,
  modern: startModernPeer,
  model: startModelPeer,
});
const { call, openSocket } = session;

const TERMINAL = ["completed", "failed", "partial_success", "cancelled"];

function ok(answer: ApiResult, what: string): any {
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${what} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`);
  return answer.body;
}

async function until<T>(read: () => Promise<T | undefined | null | false>, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${session.dev.output().slice(-1500)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Registers Everything, activates, discovers and sets echo to Ask; returns its alias for runs. */
async function askEverythingEcho(): Promise<{ serverId: string; alias: string }> {
  const server = ok(
    await call("/mcp/servers", { displayName: "Everything", endpoint: `${session.peer("everything").url}/mcp` }),
    "register",
  );
  ok(await call(`/mcp/servers/${server.id}/state`, { state: "active" }), "activate");
  ok(await call(`/mcp/servers/${server.id}/discover`, {}), "discover");
  ok(await call(`/mcp/servers/${server.id}/tools/echo/permission`, { permission: "ask" }, "PUT"), "ask");
  const tools = ok(await call("/mcp/model-tools?profileId=default-writer"), "model tools");
  const echo = tools.tools.find((tool: any) => tool.toolId === `mcp/${server.id}:echo`);
  return { serverId: server.id, alias: echo.alias };
}

/** A run whose model calls echo with `message`, then writes, commits and finishes. */
async function startEchoRun(
  chatId: string,
  alias: string,
  message: string,
): Promise<{ runId: string; script: string }> {
  const script = `approvals-${Date.now()}-${Math.random().toString(16).slice(2, 8)}`;
  const steps = [
    { toolCalls: [{ id: "call_echo", name: alias, arguments: JSON.stringify({ message }) }] },
    {
      toolCalls: [
        {
          id: "call_write",
          name: "workspace_write_file",
          arguments: JSON.stringify({ path: "output/main.md", content: `After ${message}.` }),
        },
      ],
    },
    { toolCalls: [{ id: "call_commit", name: "workspace_commit", arguments: "{}" }] },
    { toolCalls: [{ id: "call_finish", name: "workspace_finish", arguments: "{}" }] },
  ];
  const connection = ok(await scriptedConnection(session, "model", { id: script, steps }), "connection");
  const started = ok(
    await call("/agent/runs", {
      stableChatId: chatId,
      connectionId: connection.id,
      promptSnapshot: { chatCompletionPayload: { messages: [{ role: "user", content: "Echo, then write." }] } },
    }),
    "start run",
  );
  return { runId: started.runId, script };
}

async function pendingApprovalOf(runId: string): Promise<any> {
  return until(async () => {
    const list = ok(await call("/approvals?status=pending"), "list");
    return list.approvals.find((a: any) => a.runId === runId);
  }, `a pending approval of ${runId}`);
}

async function terminalRun(runId: string, ms = 45_000): Promise<any> {
  return until(
    async () => {
      const run = ok(await call(`/agent/runs/${runId}`), "run");
      return TERMINAL.includes(run.status) ? run : null;
    },
    `run ${runId} to end`,
    ms,
  );
}

async function eventsOf(runId: string): Promise<any[]> {
  return ok(await call(`/agent/runs/${runId}/events?limit=500`), "events").events;
}

/** The tool message the model received for `call_echo` in the script's later requests. */
async function toolResultSeenByModel(script: string): Promise<string> {
  const log = (await (await fetch(`${session.peer("model").url}/__requests?script=${script}`)).json()) as {
    requests: Array<{ body: { messages: Array<{ role: string; tool_call_id?: string; content: unknown }> } }>;
  };
  const message = log.requests
    .flatMap((r) => r.body.messages)
    .find((m) => m.role === "tool" && m.tool_call_id === "call_echo");
  return typeof message?.content === "string" ? message.content : JSON.stringify(message?.content ?? null);
}

describe("approvals under wrangler dev", () => {
  let phone: PairedDevice;
  let alias = "";
  let serverId = "";
  let chatId = "";

  it("run 1: both devices get the request; the phone approves; the call runs and the run completes", async () => {
    ({ alias, serverId } = await askEverythingEcho());
    phone = await pairDevice(session, "Approvals phone");
    chatId = ok(await call("/chats", { title: "Approvals", character: { name: "Narrator" } }), "chat").id;
    ok(await call(`/chats/${chatId}/messages`, { role: "user", text: "Echo something." }), "message");
    const laptopSocket = await openSocket();
    const phoneSocket = await phone.openSocket();

    const { runId } = await startEchoRun(chatId, alias, "approved hello");
    const onLaptop = await laptopSocket.waitFor((f) => f.type === "approval.requested" && f.approval.runId === runId);
    const onPhone = await phoneSocket.waitFor((f) => f.type === "approval.requested" && f.approval.runId === runId);
    expect(onPhone.approval).toEqual(onLaptop.approval);
    expect(onPhone.approval).toMatchObject({
      status: "pending",
      chatId,
      callId: "call_echo",
      toolId: `mcp/${serverId}:echo`,
      alias,
      registrationId: serverId,
      serverName: "Everything",
      argumentsPreview: JSON.stringify({ message: "approved hello" }),
    });
    const waiting = ok(await call(`/agent/runs/${runId}`), "run");
    expect(waiting.status).toBe("awaiting_approval");
    expect(waiting.waitingOn).toMatchObject({ kind: "approval", detail: alias });

    const approvalId = onPhone.approval.id;
    const decided = await phone.call(`/approvals/${approvalId}`, { decision: "approve" });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: "approved", decidedBy: { deviceId: phone.deviceId } });
    const resolved = await laptopSocket.waitFor((f) => f.type === "approval.resolved" && f.approval.id === approvalId);
    expect(resolved.approval.status).toBe("approved");
    const late = await call(`/approvals/${approvalId}`, { decision: "deny" });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("approval.already_resolved");

    expect((await terminalRun(runId)).status).toBe("completed");
    const events = await eventsOf(runId);
    const types = events.map((e) => e.type);
    const order = ["tool_call_requested", "tool_call_awaiting_approval", "tool_call_approved", "tool_call_started"].map(
      (t) => types.indexOf(t),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(events.find((e) => e.type === "tool_call_approved").payload).toMatchObject({
      approvalId,
      decision: "approve",
      deviceId: phone.deviceId,
    });
    expect(events.some((e) => e.type === "status_changed" && e.payload.status === "awaiting_approval")).toBe(true);
    const completed = events.find((e) => e.type === "tool_call_completed" && e.payload.callId === "call_echo");
    expect(completed.payload.isError).toBe(false);
  });

  it("run 2: denied → the model receives the declined result and the run goes on", async () => {
    const { runId, script } = await startEchoRun(chatId, alias, "denied hello");
    const approval = await pendingApprovalOf(runId);
    ok(await phone.call(`/approvals/${approval.id}`, { decision: "deny" }), "deny");
    expect((await terminalRun(runId)).status).toBe("completed");
    const events = await eventsOf(runId);
    expect(events.find((e) => e.type === "tool_call_denied").payload).toMatchObject({
      approvalId: approval.id,
      decision: "deny",
      status: "denied",
      deviceId: phone.deviceId,
    });
    expect(
      events.find((e) => e.type === "tool_call_failed" && e.payload.callId === "call_echo").payload.errorCode,
    ).toBe("mcp.approval_denied");
    expect(await toolResultSeenByModel(script)).toContain("declined");
  });

  it("run 3: left to expire with a short development timeout → declined as expired", async () => {
    expect(ok(await call("/approvals/settings", { timeoutMs: 1500 }, "PATCH"), "settings")).toEqual({
      timeoutMs: 1500,
    });
    const { runId, script } = await startEchoRun(chatId, alias, "expired hello");
    expect((await terminalRun(runId)).status).toBe("completed");
    const events = await eventsOf(runId);
    expect(events.find((e) => e.type === "tool_call_denied").payload).toMatchObject({
      status: "expired",
      decision: "expired",
      deviceId: null,
    });
    expect(
      events.find((e) => e.type === "tool_call_failed" && e.payload.callId === "call_echo").payload.errorCode,
    ).toBe("mcp.approval_expired");
    expect(await toolResultSeenByModel(script)).toContain("in time");
    ok(await call("/approvals/settings", { timeoutMs: 24 * 60 * 60 * 1000 }, "PATCH"), "settings back");
  });

  it("run 4: a restart while the approval is pending keeps it pending and answerable", async () => {
    const { runId } = await startEchoRun(chatId, alias, "restart hello");
    const approval = await pendingApprovalOf(runId);
    await session.dev.restart();
    const still = ok(await call("/approvals?status=pending"), "list after restart");
    expect(still.approvals.map((a: any) => a.id)).toContain(approval.id);
    expect(ok(await call(`/agent/runs/${runId}`), "run").status).toBe("awaiting_approval");
    const phoneSocket = await phone.openSocket();
    ok(await phone.call(`/approvals/${approval.id}`, { decision: "approve" }), "approve after restart");
    await phoneSocket.waitFor((f) => f.type === "approval.resolved" && f.approval.id === approval.id);
    expect((await terminalRun(runId)).status).toBe("completed");
    const events = await eventsOf(runId);
    expect(events.map((e) => e.seq)).toEqual(events.map((_: unknown, i: number) => i + 1));
    expect(
      events.find((e) => e.type === "tool_call_completed" && e.payload.callId === "call_echo").payload.isError,
    ).toBe(false);
  });

  it("chat generation: waits on the approval (the chat stays busy), approved from the phone", async () => {
    const genChat = ok(await call("/chats", { title: "Generation approvals", character: { name: "Dragon" } }), "chat");
    const script = `gen-approvals-${Date.now()}`;
    const steps = [
      {
        text: "Let me echo that. ",
        toolCalls: [{ id: "call_echo", name: "mcp__Everything__echo", arguments: '{"message":"from the chat"}' }],
      },
      { text: "Echoed." },
    ];
    const connection = ok(await scriptedConnection(session, "model", { id: script, steps }), "connection");
    const phoneSocket = await phone.openSocket();
    const started = ok(
      await call(`/chats/${genChat.id}/generate`, {
        generationType: "normal",
        connectionId: connection.id,
        userMessage: { text: "Echo 'from the chat'." },
      }),
      "generate",
    );
    const requested = await phoneSocket.waitFor(
      (f) => f.type === "approval.requested" && f.approval.generationId === started.generationId,
    );
    expect(requested.approval).toMatchObject({ chatId: genChat.id, alias: "mcp__Everything__echo", status: "pending" });
    const busy = await call(`/chats/${genChat.id}/generate`, { generationType: "normal" });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe("chat.generation_active");
    expect(busy.body.error.details.pendingApproval.id).toBe(requested.approval.id);

    ok(await phone.call(`/approvals/${requested.approval.id}`, { decision: "approve" }), "approve");
    const ended = await phoneSocket.waitFor(
      (f) => f.type === "chat.generation_ended" && f.generationId === started.generationId,
    );
    expect(ended.status).toBe("completed");
    const messages = ok(await call(`/chats/${genChat.id}/messages?limit=50`), "messages").messages;
    expect(messages.map((m: any) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(JSON.parse(messages[2].text).response.textBlocks[0].text).toBe("Echo: from the chat");
  });

  it("catalog change: a changed Allowed tool drops to Ask, is flagged with the diff, asks in the next run, and is restored by review", async () => {
    const modern = session.peer("modern").url;
    const server = ok(await call("/mcp/servers", { displayName: "Modern", endpoint: `${modern}/mcp` }), "register");
    ok(await call(`/mcp/servers/${server.id}/state`, { state: "active" }), "activate");
    ok(await call(`/mcp/servers/${server.id}/discover`, {}), "discover");

    // Bulk: unknown names refuse the whole patch; a valid patch sets only the listed tools.
    const refused = await call(
      `/mcp/servers/${server.id}/permissions`,
      { permissions: { echo: "allow", "no-such-tool": "allow" } },
      "PUT",
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("mcp.permissions_unknown_tools");
    expect(refused.body.error.details.unknown).toEqual(["no-such-tool"]);
    const unchanged = ok(await call(`/mcp/servers/${server.id}/discover`, {}), "tools");
    expect(unchanged.tools.every((t: any) => t.permission === "off")).toBe(true);
    const patched = ok(
      await call(
        `/mcp/servers/${server.id}/permissions`,
        { permissions: { echo: "allow", "get-forecast": "ask" } },
        "PUT",
      ),
      "bulk",
    );
    expect(patched.toolPermissions).toEqual({ echo: "allow", "get-forecast": "ask" });

    // The server changes echo's description; a refresh drops it to Ask with the diff.
    const changed = "Echoes a message and also emails it to someone.";
    await fetch(`${modern}/control/echo-description`, { method: "POST", body: changed });
    const refreshed = ok(await call(`/mcp/servers/${server.id}/refresh`, {}), "refresh");
    const echo = refreshed.tools.find((t: any) => t.nativeName === "echo");
    expect(echo.permission).toBe("ask");
    expect(echo.review.previous.description).toBe("Echoes a message.");
    expect(echo.review.current.description).toBe(changed);
    expect(refreshed.tools.find((t: any) => t.nativeName === "get-forecast").review).toBeUndefined();
    expect(refreshed.diagnostics).toContainEqual(
      expect.objectContaining({ code: "mcp.tool_changed_since_permission", nativeName: "echo" }),
    );
    const view = ok(await call("/mcp/servers"), "servers").servers.find((v: any) => v.id === server.id);
    expect(view.toolPermissions.echo).toBe("ask");

    // The next run asks.
    const tools = ok(await call("/mcp/model-tools?profileId=default-writer"), "model tools");
    const modernAlias = tools.tools.find((t: any) => t.toolId === `mcp/${server.id}:echo`).alias;
    const { runId } = await startEchoRun(chatId, modernAlias, "after the change");
    const approval = await pendingApprovalOf(runId);
    expect(approval.serverName).toBe("Modern");
    ok(await phone.call(`/approvals/${approval.id}`, { decision: "approve" }), "approve");
    expect((await terminalRun(runId)).status).toBe("completed");

    // Accepting the review restores Allow and clears the flag.
    const accepted = ok(
      await call(`/mcp/servers/${server.id}/tools/echo/review`, { accept: true, ifRevision: view.revision }),
      "accept",
    );
    expect(accepted.toolPermissions.echo).toBe("allow");
    const after = ok(await call(`/mcp/servers/${server.id}/discover`, {}), "tools after");
    expect(after.tools.find((t: any) => t.nativeName === "echo").review).toBeUndefined();
    const again = await call(`/mcp/servers/${server.id}/tools/echo/review`, { accept: true });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("mcp.tool_review_not_found");
  });
});
