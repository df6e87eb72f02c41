/**
 * The run timeline in real Chromium against wrangler dev (issue [web-timeline] "Must show"), with the
 * scripted OpenAI-compatible model server and server-everything on loopback: "Run agent" → the
 * timeline shows the echo call's arguments and result (server and outcome), the model's narration
 * and a diff of output/main.md → the message appears in the chat; a second browser opened while the
 * model is still writing shows the same timeline and the streamed text; undoing the commit removes
 * the message in both browsers; a message edited after its commit cannot be undone; a call the agent
 * stopped at says so instead of "No result yet", and the turn's call after it reads "not run".
 * Screenshots of the timeline at 390 and 1280 px go to docs/screenshots/ (shown in the README).
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEverythingPeer } from "../peers/mcp/everything-peer";
import { startModelPeer } from "../peers/model-peer";
import type { PeerHandle } from "../peers/registry";
import { ROOT } from "../e2e/wrangler";
import { HAS_CHROMIUM, eventually, startRig, type IssuedDevice, type Rig, type RigPage, rigApi as api } from "./rig";

/** Ends with a newline, as files usually do: the new-file diff must not show it as a line of its own. */
const STORY = "The dragon of the north sleeps under the ice.\nIn spring it wakes and sings.\n";
const NARRATION =
  "First I will ask the echo tool to repeat my greeting, so I know the tools work, and then I will write the story of the sleeping dragon.";
const ECHO = "mcp__Everything__echo";

const messageTexts = (page: Page) => page.getByTestId("message-text").allTextContents();

async function loadScript(model: PeerHandle, id: string, steps: unknown[]): Promise<void> {
  const loaded = await fetch(`${model.url}/__script`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id, steps }),
  });
  expect(loaded.status).toBe(201);
}

/** `holdNarration`: the narration stream stops after 10 of its 30 pieces until `releaseNarration`. */
const runSteps = (story: string, narration: string, holdNarration = false) => [
  {
    text: narration,
    textPieces: 30,
    chunkDelayMs: 100,
    ...(holdNarration ? { holdAfterChunks: 10 } : {}),
    toolCalls: [{ id: "call_echo", name: ECHO, arguments: JSON.stringify({ message: "Hello from the timeline" }) }],
  },
  {
    toolCalls: [
      {
        id: "call_write",
        name: "workspace_write_file",
        arguments: JSON.stringify({ path: "output/main.md", content: story }),
      },
    ],
    delayMs: 400,
  },
  { toolCalls: [{ id: "call_commit", name: "workspace_commit", arguments: "{}" }] },
  { text: "Done.", toolCalls: [{ id: "call_finish", name: "workspace_finish", arguments: "{}" }] },
];

describe.skipIf(!HAS_CHROMIUM)("web: the run timeline", () => {
  let rig: Rig;
  let model: PeerHandle;
  let everything: PeerHandle;
  let owner: RigPage & { device: IssuedDevice };
  let second: RigPage & { device: IssuedDevice };
  let chatId = "";
  let runPath = "";
  const scriptId = `timeline-${Date.now()}`;

  beforeAll(async () => {
    [rig, model, everything] = await Promise.all([startRig(), startModelPeer(), startEverythingPeer()]);
    const pages = await rig.signedInPages(2);
    owner = pages[0]!;
    second = pages[1]!;
    const token = owner.device.deviceToken;
    await api(rig, token, "POST", "/connections", {
      name: "Scripted model",
      provider: "openai-compatible",
      baseUrl: `${model.url}/v1`,
      apiKey: "sk-timeline-test-1234",
      modelId: scriptId,
      isDefault: true,
    });
    const server = await api<{ id: string }>(rig, token, "POST", "/mcp/servers", {
      displayName: "Everything",
      endpoint: `${everything.url}/mcp`,
    });
    await api(rig, token, "POST", `/mcp/servers/${server.id}/state`, { state: "active" });
    await api(rig, token, "POST", `/mcp/servers/${server.id}/discover`, {});
    await api(rig, token, "PUT", `/mcp/servers/${server.id}/tools/echo/permission`, { permission: "allow" });
    const chat = await api<{ id: string }>(rig, token, "POST", "/chats", {
      title: "Ice dragon",
      character: { name: "Narrator" },
    });
    chatId = chat.id;
    await api(rig, token, "POST", `/chats/${chatId}/messages`, { role: "user", text: "Tell me about the dragon." });
  }, 120_000);

  /** Runs the agent from the chat page and waits on its run page until the run ends with `status`. */
  async function runToEnd(page: Page, status: "completed" | "failed"): Promise<void> {
    await page.goto(`${rig.url}/chats/${encodeURIComponent(chatId)}`);
    await expect.poll(() => page.getByLabel("Model connection").inputValue(), { timeout: 15_000 }).not.toBe("");
    // The chat page keeps the agent panel folded under "Agent…" (the composer comes first).
    await page.getByTestId("run-agent-toggle").click();
    await page.getByRole("button", { name: "Run agent" }).click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    await expect
      .poll(() => page.getByTestId("run-status").getAttribute("data-status"), { timeout: 60_000 })
      .toBe(status);
  }

  afterAll(async () => {
    await rig?.close();
    await model?.close();
    await everything?.close();
  });

  it("shows tool I/O, narration streamed to a second browser, the diff and the commit", async () => {
    // The narration stops mid-way until the second browser has joined: on a loaded machine a timed
    // stream could end before that browser loaded the page (it then saw the whole text).
    await loadScript(model, scriptId, runSteps(STORY, NARRATION, true));
    const { page } = owner;
    await page.goto(`${rig.url}/chats/${encodeURIComponent(chatId)}`);
    await expect.poll(() => page.getByLabel("Model connection").inputValue(), { timeout: 15_000 }).not.toBe("");
    // The chat page keeps the agent panel folded under "Agent…" (the composer comes first).
    await page.getByTestId("run-agent-toggle").click();
    await page.getByRole("button", { name: "Run agent" }).click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    runPath = new URL(page.url()).pathname;

    // A second browser opens the run while the model is still writing its narration.
    await page.getByTestId("tl-narration").filter({ hasText: "First I will" }).waitFor({ timeout: 30_000 });
    await second.page.goto(`${rig.url}${runPath}`);
    await second.page.getByTestId("tl-narration").filter({ hasText: "First I will" }).waitFor({ timeout: 30_000 });
    const seen = await second.page.getByTestId("tl-narration").first().textContent();
    // Whatever the second browser read came before the release, so it cannot be the whole text.
    expect(
      (await fetch(`${model.url}/__release`, { method: "POST", body: JSON.stringify({ id: scriptId }) })).status,
    ).toBe(200);
    for (const target of [page, second.page]) {
      await target.getByTestId("tl-narration").filter({ hasText: "the story of the sleeping dragon." }).waitFor({
        timeout: 30_000,
      });
      await expect
        .poll(() => target.getByTestId("run-status").getAttribute("data-status"), { timeout: 30_000 })
        .toBe("completed");
    }
    // The second browser joined mid-stream: it saw the text before the model had finished it.
    expect(NARRATION.startsWith(seen!), `seen: ${seen}`).toBe(true);
    expect(seen!.length).toBeLessThan(NARRATION.length);

    for (const target of [page, second.page]) {
      const echo = target.getByTestId("tool-call").filter({ hasText: ECHO });
      await echo.locator("summary").first().click();
      await expect.poll(() => echo.getByTestId("tool-arguments").textContent()).toContain("Hello from the timeline");
      await expect.poll(() => echo.getByTestId("tool-result").textContent()).toContain("Echo: Hello from the timeline");
      await expect.poll(() => echo.getByTestId("tool-server").textContent()).toContain("Everything");
      expect(await echo.getByTestId("tool-outcome").textContent()).toBe("The server answered.");
      const diff = target.getByTestId("write-diff").filter({ hasText: "output/main.md" });
      await expect.poll(() => diff.getByTestId("diff").textContent()).toContain("+The dragon of the north sleeps");
      // The run's first write is a new file: the same head as any diff, and no stray "+" line.
      expect(await diff.locator(".file-diff-head").textContent()).toBe("output/main.md new +2 −0");
      expect(await diff.locator(".diff-line").last().textContent()).not.toBe("+\n");
      await target.getByTestId("tl-commit").getByText("Committed as message #2.").waitFor();
    }
    expect([...owner.problems, ...second.problems]).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(ROOT, "docs/screenshots/timeline-1280.png"), fullPage: true });
    const phone = await rig.signedInPage(owner.device, { width: 390, height: 844 });
    await phone.page.goto(`${rig.url}${runPath}`);
    const phoneEcho = phone.page.getByTestId("tool-call").filter({ hasText: ECHO });
    await phoneEcho.locator("summary").first().click();
    await phoneEcho.getByTestId("tool-result").waitFor();
    await phone.page.getByTestId("write-diff").getByTestId("diff").waitFor();
    await phone.page.screenshot({ path: path.join(ROOT, "docs/screenshots/timeline-390.png"), fullPage: true });
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Once the run ends, a checkpoint offers to start the next run from its persistent files; the
    // long button wraps instead of widening a 360 px page.
    await phone.page.setViewportSize({ width: 360, height: 800 });
    await phone.page.locator("summary", { has: phone.page.getByText("Workspace", { exact: true }) }).click();
    const filesAt = phone.page.getByTestId("workspace-browser").getByLabel("Files at");
    await expect.poll(() => filesAt.locator("option").count()).toBeGreaterThan(1);
    await filesAt.selectOption({ index: 1 });
    await phone.page.getByRole("button", { name: "Start the next run from these persistent files" }).waitFor();
    const restoreOverflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(restoreOverflow).toBeLessThanOrEqual(0);

    // The message is in the chat.
    await page.getByTestId("tl-commit").getByRole("link", { name: "Open it in the chat" }).click();
    await page.getByTestId("message-text").filter({ hasText: "The dragon of the north sleeps" }).waitFor();
  });

  it("undoing the commit removes the message in both browsers", async () => {
    const { page } = owner;
    await second.page.goto(`${rig.url}/chats/${encodeURIComponent(chatId)}`);
    await second.page.getByTestId("message-text").filter({ hasText: "The dragon of the north sleeps" }).waitFor();
    await page.goto(`${rig.url}${runPath}`);
    await page.getByRole("button", { name: "Undo this commit" }).click();
    await page.getByRole("button", { name: "Undo commit" }).click();
    await page.getByTestId("tl-commit").getByText("This commit was undone.").waitFor({ timeout: 20_000 });
    await eventually(
      async () => !(await messageTexts(second.page)).some((t) => t.includes("The dragon of the north")),
      20_000,
      "message removed in the second browser",
    );
    await page.goto(`${rig.url}/chats/${encodeURIComponent(chatId)}`);
    await page.getByTestId("message-text").first().waitFor();
    expect((await messageTexts(page)).some((t) => t.includes("The dragon of the north"))).toBe(false);
    expect([...owner.problems, ...second.problems]).toEqual([]);
  });

  it("a message edited after its commit cannot be undone: the refusal is shown", async () => {
    const story = "A second tale: the dragon counts the stars.";
    await loadScript(model, scriptId, runSteps(story, "Writing a second tale."));
    const { page } = owner;
    await runToEnd(page, "completed");
    const token = owner.device.deviceToken;
    const { messages } = await api<{ messages: Array<{ messageId: string; revision: number; text: string }> }>(
      rig,
      token,
      "GET",
      `/chats/${chatId}/messages?limit=50`,
    );
    const committed = messages.find((m) => m.text === story)!;
    await api(rig, token, "PATCH", `/chats/${chatId}/messages/${committed.messageId}`, {
      text: "Edited by hand after the agent.",
      ifRevision: committed.revision,
    });
    await page.getByRole("button", { name: "Undo this commit" }).click();
    await page.getByRole("button", { name: "Undo commit" }).click();
    await page.getByTestId("tl-commit").getByRole("alert").getByText("agent.revert_conflict").waitFor();
    const after = await api<{ text: string }>(rig, token, "GET", `/chats/${chatId}/messages/${committed.messageId}`);
    expect(after.text).toBe("Edited by hand after the agent.");
  });

  it("a call the agent stopped at (a tool that does not exist) says so, and the turn's next call reads not run", async () => {
    await loadScript(model, scriptId, [
      {
        toolCalls: [
          { id: "call_ghost", name: "no_such_tool", arguments: JSON.stringify({ x: 1 }) },
          { id: "call_after", name: "workspace_list_files", arguments: JSON.stringify({ prefix: "output/" }) },
        ],
      },
    ]);
    const { page } = owner;
    await runToEnd(page, "failed");
    const ghost = page.getByTestId("tool-call").filter({ hasText: "no_such_tool" });
    await ghost.locator("summary").first().click();
    await expect.poll(() => ghost.getByTestId("tool-arguments").textContent()).toContain('"x": 1');
    expect(await ghost.getByTestId("tool-no-result").textContent()).toBe("No result: the agent stopped at this call.");
    expect(await ghost.getByTestId("tool-error").textContent()).toContain("model.unknown_tool_call");
    // The turn's next call was never reached: it is listed, "not run", with the arguments the model sent.
    const after = page.getByTestId("tool-call").filter({ hasText: "workspace_list_files" });
    expect(await after.locator(".tl-call-status").textContent()).toBe("not run");
    await after.locator("summary").first().click();
    await expect.poll(() => after.getByTestId("tool-arguments").textContent()).toContain('"prefix": "output/"');
    expect(await after.getByTestId("tool-no-result").textContent()).toBe(
      "No result: the agent stopped before this call ran.",
    );
  });
});
