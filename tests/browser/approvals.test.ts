/**
 * Approvals in the web client (issue [approvals]) in real Chromium against wrangler dev: an Agent
 * run calls server-everything's echo, set to Ask. The approval prompt opens by itself in a second
 * browser that is on another screen (MCP servers) and in the first (Devices); the second approves,
 * the prompt disappears from both, and the run completes with the call made. Screenshot at 360 px.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEverythingPeer } from "../peers/mcp/everything-peer";
import { startModelPeer } from "../peers/model-peer";
import type { PeerHandle } from "../peers/registry";
import { HAS_CHROMIUM, eventually, startRig, type IssuedDevice, type Rig, type RigPage, rigApi as api } from "./rig";

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });

describe.skipIf(!HAS_CHROMIUM)("web: approvals", () => {
  let rig: Rig;
  let model: PeerHandle;
  let everything: PeerHandle;
  let owner: RigPage & { device: IssuedDevice };
  let second: RigPage & { device: IssuedDevice };

  beforeAll(async () => {
    [rig, model, everything] = await Promise.all([startRig(), startModelPeer(), startEverythingPeer()]);
    [owner, second] = (await rig.signedInPages(2)) as [
      RigPage & { device: IssuedDevice },
      RigPage & { device: IssuedDevice },
    ];
  });

  afterAll(async () => {
    await rig?.close();
    await model?.close();
    await everything?.close();
  });

  it("the prompt appears on a second browser on another screen; approving there runs the call", async () => {
    const token = owner.device.deviceToken;
    const server = await api<{ id: string }>(rig, token, "POST", "/mcp/servers", {
      displayName: "Everything",
      endpoint: `${everything.url}/mcp`,
    });
    await api(rig, token, "POST", `/mcp/servers/${server.id}/state`, { state: "active" });
    await api(rig, token, "POST", `/mcp/servers/${server.id}/discover`, {});
    await api(rig, token, "PUT", `/mcp/servers/${server.id}/tools/echo/permission`, { permission: "ask" });
    const tools = await api<{ tools: Array<{ toolId: string; alias: string }> }>(
      rig,
      token,
      "GET",
      "/mcp/model-tools?profileId=default-writer",
    );
    const alias = tools.tools.find((t) => t.toolId === `mcp/${server.id}:echo`)!.alias;
    const chat = await api<{ id: string }>(rig, token, "POST", "/chats", { title: "Approve me" });
    const script = `web-approvals-${Date.now()}`;
    await fetch(`${model.url}/__script`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        id: script,
        steps: [
          { toolCalls: [{ id: "call_echo", name: alias, arguments: JSON.stringify({ message: "hi from the web" }) }] },
          {
            toolCalls: [
              {
                id: "w",
                name: "workspace_write_file",
                arguments: JSON.stringify({ path: "output/main.md", content: "Approved." }),
              },
            ],
          },
          { toolCalls: [{ id: "c", name: "workspace_commit", arguments: "{}" }] },
          { toolCalls: [{ id: "f", name: "workspace_finish", arguments: "{}" }] },
        ],
      }),
    });
    const connection = await api<{ id: string }>(rig, token, "POST", "/connections", {
      name: "Scripted",
      provider: "openai-compatible",
      baseUrl: `${model.url}/v1`,
      apiKey: "",
      modelId: script,
    });

    // The second browser is on the MCP screen, the first stays on Devices.
    await nav(second.page, "MCP servers").click();
    await second.page.getByRole("heading", { name: "MCP servers", level: 1 }).waitFor();
    const { runId } = await api<{ runId: string }>(rig, token, "POST", "/agent/runs", {
      stableChatId: chat.id,
      connectionId: connection.id,
      promptSnapshot: { chatCompletionPayload: { messages: [{ role: "user", content: "Echo please." }] } },
    });

    const panel = second.page.getByTestId("approval-panel");
    await panel.waitFor({ timeout: 30_000 });
    const card = panel.getByTestId("approval-card");
    expect(await card.getByTestId("approval-tool").textContent()).toBe(alias);
    await card.getByText("on Everything").waitFor();
    expect(await card.getByTestId("approval-arguments").textContent()).toBe('{"message":"hi from the web"}');
    expect(await card.getByRole("link", { name: "Agent run" }).getAttribute("href")).toBe(
      `/runs/${encodeURIComponent(runId)}`,
    );
    expect(await second.page.getByTestId("approval-badge").textContent()).toContain("1 approval");
    // The first browser, on Devices, gets it too.
    await owner.page.getByTestId("approval-panel").waitFor({ timeout: 30_000 });
    await second.page.setViewportSize({ width: 360, height: 740 });
    await rig.screenshot(second.page, "approvals-prompt-360");
    await second.page.setViewportSize({ width: 1280, height: 800 });

    // On the run page the asked call reads "awaiting approval" (nothing was sent), then "done".
    await owner.page.goto(`${rig.url}/runs/${encodeURIComponent(runId)}`);
    const row = owner.page.locator('[data-testid="tool-call"][data-call-id="call_echo"]');
    await row.locator(".tl-call-status").getByText("awaiting approval", { exact: true }).waitFor({ timeout: 15_000 });
    // Opened while it waits, the call has no result yet; once it is done the open view reads it again.
    await row.locator("summary").first().click();
    await expect.poll(() => row.getByTestId("tool-no-result").textContent()).toBe("No result yet.");

    await card.getByRole("button", { name: "Approve" }).click();
    await panel.waitFor({ state: "detached" });
    await owner.page.getByTestId("approval-panel").waitFor({ state: "detached", timeout: 15_000 });
    expect(await owner.page.getByTestId("approval-badge").count()).toBe(0);

    const run = await eventually(
      async () => {
        const summary = await api<{ status: string }>(rig, token, "GET", `/agent/runs/${runId}`);
        return summary.status === "completed" ? summary : null;
      },
      30_000,
      "the run to complete",
    );
    expect(run?.status).toBe("completed");
    await row.locator(".tl-call-status").getByText("done", { exact: true }).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => row.getByTestId("tool-result").textContent(), { timeout: 15_000 })
      .toContain("hi from the web");
    expect(await row.getByTestId("tool-no-result").count()).toBe(0);
    const { events } = await api<{ events: Array<{ type: string; payload: any }> }>(
      rig,
      token,
      "GET",
      `/agent/runs/${runId}/events?limit=500`,
    );
    expect(events.find((e) => e.type === "tool_call_approved")!.payload.deviceId).toBe(second.device.deviceId);
    expect(
      events.find((e) => e.type === "tool_call_completed" && e.payload.callId === "call_echo")!.payload.isError,
    ).toBe(false);
    expect([...owner.problems, ...second.problems]).toEqual([]);
  });
});
