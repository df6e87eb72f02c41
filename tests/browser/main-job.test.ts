/**
 * The main job from the browser (web: Chats, Connections, Runs) in real Chromium against
 * wrangler dev, with the scripted OpenAI-compatible model server (tests/peers/model-peer.ts) on
 * loopback: a chat created and written in one browser appears live in a second; a stale message
 * edit shows the newer text and is re-applied; a SillyTavern JSONL file is imported and exported
 * back field for field; a connection to the model server is added and "Test connection" shows a
 * latency; "Run agent" on the chat page starts a run whose scripted model writes output/main.md,
 * commits and finishes, with the journal lines and the committed message appearing live.
 * Screenshots of the chat page and the run page at 360 and 1280 px.
 */
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelPeer } from "../peers/model-peer";
import type { PeerHandle } from "../peers/registry";
import { HAS_CHROMIUM, eventually, startRig, type IssuedDevice, type Rig, type RigPage, rigApi as api } from "./rig";

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
const chatRow = (page: Page, title: string) =>
  page.getByTestId("chat-row").filter({ has: page.getByTestId("chat-title").getByText(title, { exact: true }) });
const messageTexts = (page: Page) => page.getByTestId("message-text").allInnerTexts();

const ST_LINES = [
  {
    user_name: "Wanderer",
    character_name: "Seraphina",
    create_date: "2024-01-02@10h11m12s",
    chat_metadata: { note_prompt: "", custom_field: { x: 1, nested: [1, "two"] } },
    unknown_top: "keep me",
  },
  {
    name: "Seraphina",
    is_user: false,
    is_system: false,
    send_date: "January 2, 2024 10:11am",
    mes: "Welcome, traveller.",
    extra: { api: "openai", model: "gpt-x" },
    swipes: ["Welcome, traveller.", "Hello there!"],
    swipe_id: 0,
    force_avatar: "s.png",
  },
  {
    name: "Wanderer",
    is_user: true,
    is_system: false,
    send_date: "January 2, 2024 10:12am",
    mes: "Thanks! <b>not bold</b>",
    extra: {},
    custom_number: 42,
  },
];

describe.skipIf(!HAS_CHROMIUM)("web: chats, connections and agent runs", () => {
  let rig: Rig;
  let model: PeerHandle;
  let owner: RigPage & { device: IssuedDevice };
  let second: RigPage & { device: IssuedDevice };
  let chatUrl = "";
  const scriptId = `web-run-${Date.now()}`;

  beforeAll(async () => {
    [rig, model] = await Promise.all([startRig(), startModelPeer()]);
    const pages = await rig.signedInPages(2);
    owner = pages[0]!;
    second = pages[1]!;
  });

  afterAll(async () => {
    await rig?.close();
    await model?.close();
  });

  it("creates a chat and adds messages; a second browser sees both live", async () => {
    await nav(second.page, "Chats").click();
    await second.page.getByRole("heading", { name: "Chats", level: 1 }).waitFor();
    await second.page.getByText("No chats yet.", { exact: false }).waitFor();

    const { page } = owner;
    await nav(page, "Chats").click();
    await page.getByRole("button", { name: "New chat" }).click();
    await page.getByLabel("Title").fill("Dragon tale");
    await page.getByLabel("System prompt (optional)").fill("You narrate a fantasy story.");
    await page.getByLabel("Name", { exact: true }).fill("Narrator");
    await page.getByLabel("Scenario").fill("A cold northern valley.");
    await page.getByRole("button", { name: "Create chat" }).click();
    await page.getByTestId("chat-heading").getByText("Dragon tale").waitFor();
    chatUrl = new URL(page.url()).pathname;
    expect(chatUrl).toMatch(/^\/chats\/.+/);

    // Live in the second browser's list, then open it there.
    await chatRow(second.page, "Dragon tale").waitFor();
    await chatRow(second.page, "Dragon tale").getByTestId("chat-title").click();
    await second.page.getByText("No messages yet.", { exact: false }).waitFor();

    for (const text of ["Hello there!", "Tell me about the dragon of the north.\nKeep it short."]) {
      await page.getByLabel("Your message").fill(text);
      await page.getByRole("button", { name: "Add without reply" }).click();
      await eventually(async () => (await messageTexts(page)).includes(text), 10_000, `own message ${text}`);
    }
    await eventually(
      async () => (await messageTexts(second.page)).length === 2,
      10_000,
      "messages live in the second browser",
    );
    expect(await messageTexts(second.page)).toEqual([
      "Hello there!",
      "Tell me about the dragon of the north.\nKeep it short.",
    ]);
    expect([...owner.problems, ...second.problems]).toEqual([]);
  });

  it("a stale edit shows the newer text and re-applies on top of it; a delete reaches the other browser", async () => {
    const { page } = owner;
    const chatId = decodeURIComponent(chatUrl.split("/")[2]!);
    const first = page.getByTestId("message").first();
    await first.getByRole("button", { name: "Edit message 1" }).click();
    await page.getByLabel("Edit message 1").fill("Hello there, narrator!");
    // Meanwhile another device edits the same message.
    const { messages } = await api<{ messages: Array<{ messageId: string; revision: number }> }>(
      rig,
      second.device.deviceToken,
      "GET",
      `/chats/${chatId}/messages?limit=10`,
    );
    await api(rig, second.device.deviceToken, "PATCH", `/chats/${chatId}/messages/${messages[0]!.messageId}`, {
      text: "Edited on the phone.",
      ifRevision: messages[0]!.revision,
    });
    await eventually(
      async () => (await second.page.getByTestId("message-text").first().textContent()) === "Edited on the phone.",
      10_000,
      "phone edit live",
    );

    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByTestId("conflict-newer-text").textContent()).toBe("Edited on the phone.");
    await page.getByRole("button", { name: "Re-apply my edit" }).click();
    await eventually(async () => (await messageTexts(page))[0] === "Hello there, narrator!", 10_000, "re-applied edit");
    await eventually(
      async () => (await messageTexts(second.page))[0] === "Hello there, narrator!",
      10_000,
      "re-applied edit live",
    );

    // Delete the second message from the second browser; the owner sees it go.
    await page.getByLabel("Your message").fill("A message to delete");
    await page.getByRole("button", { name: "Add without reply" }).click();
    await eventually(
      async () => (await messageTexts(second.page)).includes("A message to delete"),
      10_000,
      "third message live",
    );
    await second.page.getByRole("button", { name: "Delete message 3" }).click();
    await second.page.getByRole("button", { name: "Delete message", exact: true }).click();
    await eventually(async () => !(await messageTexts(page)).includes("A message to delete"), 10_000, "delete live");
    expect(await messageTexts(page)).toEqual([
      "Hello there, narrator!",
      "Tell me about the dragon of the north.\nKeep it short.",
    ]);
  });

  it("imports a SillyTavern JSONL file and exports it back with every field", async () => {
    const { page } = owner;
    const file = path.join(tmpdir(), `st-chat-${Date.now()}.jsonl`);
    await writeFile(file, `${ST_LINES.map((line) => JSON.stringify(line)).join("\n")}\n`);
    await nav(page, "Chats").click();
    await page.getByLabel("Chat file (.jsonl)").setInputFiles(file);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const title = "Seraphina - 2024-01-02@10h11m12s";
    const row = chatRow(page, title);
    await row.waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("button", { name: `Export ${title}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.jsonl$/);
    const exported = (await readFile((await download.path())!, "utf8"))
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line));
    expect(exported).toEqual(ST_LINES);

    // The imported text renders as SillyTavern renders it: harmless inline HTML is kept (sanitized).
    await row.getByTestId("chat-title").click();
    await page.getByTestId("message-text").getByText("Thanks! not bold", { exact: true }).waitFor();
    expect(await page.getByTestId("message-text").locator("b", { hasText: "not bold" }).count()).toBe(1);
    expect(owner.problems).toEqual([]);
  });

  it("adds a connection to the scripted model server; Test connection shows a latency; other devices see it live", async () => {
    await nav(second.page, "Connections").click();
    await second.page.getByText("No connections yet.", { exact: false }).waitFor();
    const { page } = owner;
    await nav(page, "Connections").click();
    await page.getByRole("button", { name: "Add connection" }).click();
    await page.getByLabel("Name").fill("Scripted model");
    await page.getByLabel("Provider").selectOption("openai-compatible");
    await page.getByLabel(/^Base URL/).fill(`${model.url}/v1`);
    await page.getByLabel("API key").fill("sk-web-test-abcd9876");
    await page.getByLabel("Model id").fill(scriptId);
    await page.getByLabel("Use by default for Agent runs").check();
    await page.getByRole("button", { name: "Add connection" }).click();
    const row = page.getByTestId("connection-row").filter({ hasText: "Scripted model" });
    await row.waitFor();
    await expect.poll(() => row.getByTestId("api-key-hint").textContent()).toBe("…9876");
    // The live frame can list the row before the save answers; the typed key leaves the page when the
    // form closes on that answer, so wait for the form, then check the key is nowhere on the page.
    await page.getByRole("form", { name: "Add a connection" }).waitFor({ state: "detached" });
    expect(await page.content()).not.toContain("sk-web-test-abcd9876");
    await row.getByText("Default", { exact: true }).waitFor();

    await row.getByRole("button", { name: "Test connection Scripted model" }).click();
    await expect
      .poll(() => row.getByTestId("connection-test-result").textContent(), { timeout: 20_000 })
      .toMatch(/^Works: answered in [\d,]+ ms$/);
    await second.page.getByTestId("connection-row").filter({ hasText: "Scripted model" }).waitFor();
    // The test request reached the model server with the key.
    const recorded = (await (await fetch(`${model.url}/__requests?script=${scriptId}`)).json()) as {
      requests: Array<{ authorization: string | null }>;
    };
    expect(recorded.requests.at(-1)?.authorization).toBe("Bearer sk-web-test-abcd9876");
  });

  it("runs the agent from the chat page: live journal, committed message in the chat", async () => {
    const story = "The dragon of the north sleeps under the ice, dreaming of spring.";
    const steps = [
      {
        toolCalls: [
          {
            id: "call_write",
            name: "workspace_write_file",
            arguments: JSON.stringify({ path: "output/main.md", content: story }),
          },
        ],
        delayMs: 600,
      },
      { toolCalls: [{ id: "call_commit", name: "workspace_commit", arguments: "{}" }] },
      {
        toolCalls: [
          { id: "call_finish", name: "workspace_finish", arguments: JSON.stringify({ reason: "story told" }) },
        ],
      },
    ];
    const loaded = await fetch(`${model.url}/__script`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: scriptId, steps }),
    });
    expect(loaded.status).toBe(201);
    await fetch(`${model.url}/__requests`, { method: "DELETE" });

    const { page } = owner;
    await page.goto(`${rig.url}${chatUrl}`);
    await page.getByTestId("chat-heading").getByText("Dragon tale").waitFor();
    await expect.poll(() => page.getByLabel("Model connection").inputValue(), { timeout: 15_000 }).not.toBe("");
    await page.getByTestId("run-agent-toggle").click();
    await page.getByRole("button", { name: "Run agent" }).click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    const runPath = new URL(page.url()).pathname;
    await page.getByRole("heading", { name: "Agent run", level: 1 }).waitFor();

    // The second browser follows the same run live.
    await second.page.goto(`${rig.url}${runPath}`);
    for (const target of [page, second.page]) {
      await target
        .getByTestId("journal-line")
        .filter({ hasText: `Wrote output/main.md (${story.length} chars)` })
        .waitFor({ timeout: 30_000 });
      await target
        .getByTestId("journal-line")
        .filter({ hasText: "Committed to the chat" })
        .waitFor({ timeout: 30_000 });
      await target
        .getByTestId("journal-line")
        .filter({ hasText: /^\d+Completed/ })
        .waitFor({ timeout: 30_000 });
      await expect.poll(() => target.getByTestId("run-status").getAttribute("data-status")).toBe("completed");
    }
    const lines = await page.getByTestId("journal-line").locator(".journal-text").allTextContents();
    expect(lines).toContain("Round 1: model called 1 tool");
    expect(lines.indexOf("Round 1: model called 1 tool")).toBeLessThan(
      lines.findIndex((l) => l.startsWith("Wrote output/main.md")),
    );
    expect(lines.at(-1)).toBe("Completed");
    await page.getByTestId("run-committed").waitFor();

    // The prompt snapshot the model saw: system prompt + card, then the chat messages.
    const recorded = (await (await fetch(`${model.url}/__requests?script=${scriptId}`)).json()) as {
      requests: Array<{ body: { messages: Array<{ role: string; content: unknown }> } }>;
    };
    const firstMessages = recorded.requests[0]!.body.messages;
    const text = (content: unknown) => (typeof content === "string" ? content : JSON.stringify(content));
    const system = firstMessages
      .filter((m) => m.role === "system")
      .map((m) => text(m.content))
      .join("\n");
    expect(system).toContain("You narrate a fantasy story.");
    expect(system).toContain("Character: Narrator");
    expect(system).toContain("Scenario: A cold northern valley.");
    const users = firstMessages.filter((m) => m.role === "user").map((m) => text(m.content));
    expect(users).toEqual(
      expect.arrayContaining(["Hello there, narrator!", "Tell me about the dragon of the north.\nKeep it short."]),
    );

    await rig.screenshot(page, "run-page-1280");
    const phone = await rig.signedInPage(owner.device, { width: 360, height: 740 });
    await phone.page.goto(`${rig.url}${runPath}`);
    await phone.page
      .getByTestId("journal-line")
      .filter({ hasText: /^\d+Completed/ })
      .waitFor({ timeout: 20_000 });
    await rig.screenshot(phone.page, "run-page-360");

    // The committed message in the chat, live in the other browser, marked as the agent's.
    await page.getByRole("link", { name: "See it in the chat" }).click();
    await page.getByTestId("message-text").filter({ hasText: story }).waitFor();
    const committed = page
      .getByTestId("message")
      .filter({ has: page.getByTestId("message-text").filter({ hasText: story }) });
    await committed.getByText("Agent", { exact: true }).waitFor();
    await committed.getByRole("link", { name: "View run" }).waitFor();
    await rig.screenshot(page, "chat-page-1280");
    await phone.page.goto(`${rig.url}${chatUrl}`);
    await phone.page.getByTestId("message-text").filter({ hasText: story }).waitFor();
    await rig.screenshot(phone.page, "chat-page-360");
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // The runs list shows it for this chat.
    await page.getByRole("link", { name: "Runs of this chat" }).click();
    await page.getByRole("heading", { name: "Agent runs", level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId("run-row").count()).toBe(1);
    await expect
      .poll(() => page.getByTestId("run-row").getByTestId("run-status").getAttribute("data-status"))
      .toBe("completed");
    expect([...owner.problems, ...second.problems, ...phone.problems]).toEqual([]);
  });

  it("Cancel stops a run that waits on the model; the runs list filters it as cancelled", async () => {
    const steps = [{ delayMs: 20_000, text: "too late" }];
    expect(
      (
        await fetch(`${model.url}/__script`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ id: scriptId, steps }),
        })
      ).status,
    ).toBe(201);
    const { page } = owner;
    await page.goto(`${rig.url}${chatUrl}`);
    await expect.poll(() => page.getByLabel("Model connection").inputValue(), { timeout: 15_000 }).not.toBe("");
    await page.getByTestId("run-agent-toggle").click();
    await page.getByRole("button", { name: "Run agent" }).click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    await expect
      .poll(() => page.getByTestId("run-status").getAttribute("data-status"), { timeout: 20_000 })
      .toBe("calling_model");
    await page.getByRole("button", { name: "Cancel run" }).click();
    await expect
      .poll(() => page.getByTestId("run-status").getAttribute("data-status"), { timeout: 30_000 })
      .toBe("cancelled");
    await page.getByTestId("journal-line").filter({ hasText: "Cancel requested" }).waitFor();
    await page
      .getByTestId("journal-line")
      .filter({ hasText: /^\d+Cancelled/ })
      .waitFor();
    expect(await page.getByRole("button", { name: "Cancel run" }).count()).toBe(0);

    // The list opens unfiltered and the user switches to "cancelled" at once. On a loaded machine the
    // first answer (both runs) can arrive after the filtered one; it once replaced the filtered list
    // (2 runs under "cancelled"). Hold that first answer until the filtered list is on screen.
    let releaseUnfiltered!: () => void;
    const unfilteredHeld = new Promise<void>((resolve) => {
      releaseUnfiltered = resolve;
    });
    const isUnfilteredList = (url: URL | string) => {
      const { pathname, searchParams } = new URL(url);
      return pathname === "/api/v1/agent/runs" && !searchParams.has("statuses") && !searchParams.has("cursor");
    };
    await page.route(isUnfilteredList, async (route) => {
      const response = await route.fetch();
      await unfilteredHeld;
      await route.fulfill({ response });
    });
    const unfilteredAnswered = page.waitForResponse((response) => isUnfilteredList(response.url()));
    await page.getByRole("link", { name: "← All runs" }).click();
    await page.getByLabel("Show").selectOption("cancelled");
    await expect.poll(() => page.getByTestId("run-row").count()).toBe(1);
    releaseUnfiltered();
    await (await unfilteredAnswered).finished();
    await page.unroute(isUnfilteredList);
    // Let the page handle the late answer and paint (two animation frames), then the list must be unchanged.
    await page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
    expect(await page.getByTestId("run-row").count()).toBe(1);
    expect(await page.getByTestId("run-row").getByTestId("run-status").getAttribute("data-status")).toBe("cancelled");
    await page.getByLabel("Show").selectOption("completed");
    await expect.poll(() => page.getByTestId("run-row").count()).toBe(1);
    await page.getByLabel("Show").selectOption("all");
    await expect.poll(() => page.getByTestId("run-row").count()).toBe(2);
  });

  it("Test connection shows the provider's error code and message", async () => {
    const denied = `web-denied-${Date.now()}`;
    await fetch(`${model.url}/__script`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: denied, steps: [], apiKey: "sk-the-right-key" }),
    });
    await api(rig, owner.device.deviceToken, "POST", "/connections", {
      name: "Wrong key",
      provider: "openai-compatible",
      baseUrl: `${model.url}/v1`,
      apiKey: "sk-a-wrong-key-0000",
      modelId: denied,
    });
    const { page } = owner;
    await nav(page, "Connections").click();
    const row = page.getByTestId("connection-row").filter({ hasText: "Wrong key" });
    await row.getByRole("button", { name: "Test connection Wrong key" }).click();
    await expect
      .poll(() => row.getByTestId("connection-test-result").textContent(), { timeout: 20_000 })
      .toMatch(
        /^Failed: The model provider refused the API key\. model\.provider_denied\s*Provider said: “Incorrect API key provided/,
      );
    // The server's whole English sentence is not repeated under the translation.
    expect(await row.getByTestId("connection-test-result").textContent()).not.toContain("refused the credentials");
    await rig.screenshot(page, "connections-1280");
  });

  it("pages the chat list: newest first, the rest behind Load more", async () => {
    for (let i = 1; i <= 21; i++)
      await api(rig, owner.device.deviceToken, "POST", "/chats", { title: `Bulk chat ${String(i).padStart(2, "0")}` });
    const { page } = owner;
    await nav(page, "Chats").click();
    await expect.poll(() => page.getByTestId("chat-row").count()).toBe(20);
    expect(await page.getByTestId("chat-title").first().textContent()).toBe("Bulk chat 21");
    await page.getByRole("button", { name: "Load more chats" }).click();
    await expect.poll(() => page.getByTestId("chat-row").count()).toBe(23);
    expect(await page.getByTestId("chat-title").last().textContent()).toBe("Dragon tale");
    expect(await page.getByRole("button", { name: "Load more chats" }).count()).toBe(0);
    const phone = await rig.signedInPage(owner.device, { width: 360, height: 740 });
    await nav(phone.page, "Chats").click();
    await expect.poll(() => phone.page.getByTestId("chat-row").count()).toBe(20);
    await rig.screenshot(phone.page, "chats-360");
    await nav(phone.page, "Connections").click();
    await phone.page.getByTestId("connection-row").first().waitFor();
    await rig.screenshot(phone.page, "connections-360");
  });
});
