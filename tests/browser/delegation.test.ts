/**
 * Delegation in the run timeline (issue [delegation] "Must show": the timeline shows the child nested
 * under its delegate call), in real Chromium against wrangler dev with the scripted OpenAI-compatible
 * model server and server-everything on loopback. A writer profile delegates "Ice dragon diet" to a
 * researcher sub-agent (its own connection, so each plays its own script), which calls the MCP echo
 * tool and returns with task.return; the writer awaits it, writes, commits and finishes. The page
 * that started the run sees the task running then returned, live; a second browser opened afterwards
 * sees the same tree: the researcher's rounds (with its echo call) inside the agent_delegate call,
 * the summary it returned, and the await call naming the task it received. Screenshots at 360 and
 * 1280 px go to docs/screenshots/ (next to the timeline's).
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../e2e/wrangler";
import { startEverythingPeer } from "../peers/mcp/everything-peer";
import { startModelPeer } from "../peers/model-peer";
import type { PeerHandle } from "../peers/registry";
import { HAS_CHROMIUM, type IssuedDevice, type Rig, type RigPage, rigApi as api, startRig } from "./rig";

const ECHO = "mcp__Everything__echo";
const SUMMARY = "Ice dragons eat glacier fish and sleep through the winter.";
const STORY = "The ice dragon dreamed of glacier fish until spring.";
type Doc = Record<string, unknown> & { tools: { allow: string[] }; delegation: Record<string, unknown> };

async function loadScript(model: PeerHandle, id: string, steps: unknown[]): Promise<void> {
  const loaded = await fetch(`${model.url}/__script`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id, steps }),
  });
  expect(loaded.status).toBe(201);
}

const writerSteps = [
  {
    text: "I will ask the researcher what ice dragons eat.",
    toolCalls: [
      {
        id: "call_delegate",
        name: "agent_delegate",
        arguments: JSON.stringify({
          agentId: "researcher",
          task: { objective: "Find out what ice dragons eat.", title: "Ice dragon diet" },
        }),
      },
    ],
  },
  { toolCalls: [{ id: "call_await", name: "agent_await", arguments: JSON.stringify({ mode: "allCompleted" }) }] },
  {
    toolCalls: [
      {
        id: "call_write",
        name: "workspace_write_file",
        arguments: JSON.stringify({ path: "output/main.md", content: STORY }),
      },
    ],
  },
  { toolCalls: [{ id: "call_commit", name: "workspace_commit", arguments: "{}" }] },
  { text: "Done.", toolCalls: [{ id: "call_finish", name: "workspace_finish", arguments: "{}" }] },
];

// The delays keep the child running long enough for the page to show it running (a condition the
// test waits for, not a timing it relies on: the task stays running until the second step answers).
const researcherSteps = [
  {
    text: "Looking it up.",
    delayMs: 3000,
    toolCalls: [{ id: "call_echo", name: ECHO, arguments: JSON.stringify({ message: "ice dragon diet" }) }],
  },
  {
    delayMs: 3000,
    toolCalls: [{ id: "call_return", name: "task_return", arguments: JSON.stringify({ summary: SUMMARY }) }],
  },
];

/** The agent_delegate call row (the one holding a task), the task inside it, and the top-level rounds. */
const delegateCall = (page: Page) => page.getByTestId("tool-call").filter({ has: page.getByTestId("tl-task") });
const task = (page: Page) => page.getByTestId("tl-task");
const topRounds = (page: Page) => page.locator('[data-testid="timeline"] > [data-testid="tl-round"]');

describe.skipIf(!HAS_CHROMIUM)("web: delegation in the run timeline", () => {
  let rig: Rig;
  let model: PeerHandle;
  let everything: PeerHandle;
  let owner: RigPage & { device: IssuedDevice };
  let second: RigPage & { device: IssuedDevice };
  let chatId = "";
  let handingConnectionId = "";
  const writerScript = `deleg-writer-${Date.now()}`;
  const researcherScript = `deleg-researcher-${Date.now()}`;
  const handingScript = `deleg-handing-${Date.now()}`;
  const editorScript = `deleg-editor-${Date.now()}`;
  const deniedScript = `deleg-denied-${Date.now()}`;

  beforeAll(async () => {
    [rig, model, everything] = await Promise.all([startRig(), startModelPeer(), startEverythingPeer()]);
    const pages = await rig.signedInPages(2);
    owner = pages[0]!;
    second = pages[1]!;
    const token = owner.device.deviceToken;
    const connection = (name: string, modelId: string, isDefault: boolean) =>
      api<{ id: string }>(rig, token, "POST", "/connections", {
        name,
        provider: "openai-compatible",
        baseUrl: `${model.url}/v1`,
        apiKey: "sk-delegation-test-1234",
        modelId,
        isDefault,
      });
    await connection("Writer model", writerScript, true);
    handingConnectionId = (await connection("Handing model", handingScript, false)).id;
    const researcherConnection = await connection("Researcher model", researcherScript, false);
    const server = await api<{ id: string }>(rig, token, "POST", "/mcp/servers", {
      displayName: "Everything",
      endpoint: `${everything.url}/mcp`,
    });
    await api(rig, token, "POST", `/mcp/servers/${server.id}/state`, { state: "active" });
    await api(rig, token, "POST", `/mcp/servers/${server.id}/discover`, {});
    await api(rig, token, "PUT", `/mcp/servers/${server.id}/tools/echo/permission`, { permission: "allow" });

    const base = (await api<{ profile: Doc }>(rig, token, "GET", "/agent/profiles/default-writer")).profile;
    const writer: Doc = {
      ...structuredClone(base),
      id: "writer",
      displayName: "Story writer",
      delegation: { ...base.delegation, canDelegate: true },
      tools: {
        ...base.tools,
        allow: [...base.tools.allow, "builtin:agent.list", "builtin:agent.delegate", "builtin:agent.await"],
      },
    };
    const researcher: Doc = {
      ...structuredClone(base),
      id: "researcher",
      displayName: "Lore researcher",
      model: { mode: "connectionRef", connectionRef: researcherConnection.id, modelId: researcherScript },
      delegation: { ...base.delegation, callable: true, allowAsSubagent: true, allowedCallers: ["writer"] },
    };
    const handing: Doc = {
      ...structuredClone(base),
      id: "handing-writer",
      displayName: "Handing writer",
      delegation: { ...base.delegation, canHandoff: true },
      tools: { ...base.tools, allow: [...base.tools.allow, "builtin:agent.handoff"] },
    };
    const editorConnection = await connection("Editor model", editorScript, false);
    const editor: Doc = {
      ...structuredClone(base),
      id: "editor",
      displayName: "Story editor",
      model: { mode: "connectionRef", connectionRef: editorConnection.id, modelId: editorScript },
      delegation: { ...base.delegation, callable: true, allowAsHandoffTarget: true },
    };
    const deniedConnection = await connection("Denied model", deniedScript, false);
    const denied: Doc = {
      ...structuredClone(researcher),
      id: "denied-researcher",
      displayName: "Denied researcher",
      model: { mode: "connectionRef", connectionRef: deniedConnection.id, modelId: deniedScript },
    };
    for (const doc of [writer, researcher, handing, editor, denied])
      await api(rig, token, "POST", "/agent/profiles", doc);

    const chat = await api<{ id: string }>(rig, token, "POST", "/chats", {
      title: "Ice dragon",
      character: { name: "Narrator" },
    });
    chatId = chat.id;
    await api(rig, token, "POST", `/chats/${chatId}/messages`, { role: "user", text: "What do ice dragons eat?" });
  }, 120_000);

  afterAll(async () => {
    await rig?.close();
    await model?.close();
    await everything?.close();
  });

  it("shows the sub-agent nested under its delegate call, live, with its result and the await that received it", async () => {
    await loadScript(model, writerScript, writerSteps);
    await loadScript(model, researcherScript, researcherSteps);
    const { page } = owner;
    await page.goto(`${rig.url}/chats/${encodeURIComponent(chatId)}`);
    await expect.poll(() => page.getByLabel("Model connection").inputValue(), { timeout: 15_000 }).not.toBe("");
    await page.getByTestId("run-agent-toggle").click();
    await page.getByLabel("Profile", { exact: true }).selectOption("writer");
    await page.getByRole("button", { name: "Run agent" }).click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    const runPath = new URL(page.url()).pathname;

    // Live: the task appears under the delegate call, running, with the researcher's first round.
    await page.locator('[data-testid="tl-task"][data-status="running"]').waitFor({ timeout: 30_000 });
    // The profile's name replaces its id once the page has read the profiles.
    await expect
      .poll(() => task(page).getByTestId("tl-task-name").textContent(), { timeout: 15_000 })
      .toBe("Lore researcher — Ice dragon diet");
    await task(page).getByTestId("tl-narration").filter({ hasText: "Looking it up." }).waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="tl-task"][data-status="completed"]').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId("run-status").getAttribute("data-status"), { timeout: 60_000 })
      .toBe("completed");

    await second.page.goto(`${rig.url}${runPath}`);
    for (const target of [page, second.page]) {
      const call = delegateCall(target);
      // The second browser has just opened the page: wait for its timeline to load.
      await expect.poll(() => call.count(), { timeout: 15_000 }).toBe(1);
      expect(await call.locator(".tl-call-name").first().textContent()).toBe("agent_delegate");
      const child = task(target);
      await expect.poll(() => child.getByTestId("tl-task-status").textContent()).toBe("returned");
      const childInvocation = await child.getAttribute("data-invocation");
      expect(childInvocation).toMatch(/^inv_/);
      expect(childInvocation).not.toBe("inv_root");
      // A finished task starts folded: open it to see its rounds.
      if ((await child.getAttribute("open")) === null) await child.locator("summary").first().click();
      const childRounds = child.getByTestId("tl-round");
      await expect.poll(() => childRounds.count()).toBe(2);
      for (const round of await childRounds.all())
        expect(await round.getAttribute("data-invocation")).toBe(childInvocation);
      await child.getByTestId("tool-call").filter({ hasText: ECHO }).waitFor();
      await child.getByTestId("tool-call").filter({ hasText: "task_return" }).waitFor();
      await expect.poll(() => child.getByTestId("tl-task-result").textContent()).toContain(SUMMARY);
      // The run's own rounds stay at the top: none of them is the child's.
      for (const round of await topRounds(target).all())
        expect(await round.getAttribute("data-invocation")).toBe("inv_root");
      await target.getByTestId("tl-await").filter({ hasText: "Received: Lore researcher — Ice dragon diet" }).waitFor();
      await target.getByTestId("tl-commit").getByText("Committed as message #2.").waitFor();
      // The journal says whose round each line is: the researcher's interleave with the writer's.
      await target
        .getByTestId("journal-line")
        .filter({ hasText: "Lore researcher · Round 1: model called 1 tool" })
        .waitFor();
    }
    expect([...owner.problems, ...second.problems]).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: path.join(ROOT, "docs/screenshots/delegation-1280.png"), fullPage: true });
    const phone = await rig.signedInPage(owner.device, { width: 360, height: 800 });
    await phone.page.goto(`${rig.url}${runPath}`);
    // The replayed journal shows the task running before it returned (a running task starts open):
    // open it once it reads "returned", unless it already is.
    await expect.poll(() => task(phone.page).getByTestId("tl-task-status").textContent()).toBe("returned");
    if ((await task(phone.page).getAttribute("open")) === null)
      await task(phone.page).locator("summary").first().click();
    await task(phone.page).getByTestId("tl-task-result").filter({ hasText: SUMMARY }).waitFor();
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Opening the task scrolled the page; a full-page shot of a scrolled page draws the sticky header mid-page.
    await phone.page.evaluate(() => window.scrollTo(0, 0));
    await phone.page.screenshot({ path: path.join(ROOT, "docs/screenshots/delegation-360.png"), fullPage: true });
  });

  it("shows a handoff as the run passing to another profile, whose rounds follow at the top level", async () => {
    await loadScript(model, handingScript, [
      {
        text: "The editor will finish this.",
        toolCalls: [
          {
            id: "call_handoff",
            name: "agent_handoff",
            arguments: JSON.stringify({ agentId: "editor", handoff: { objective: "Finish the ice dragon story." } }),
          },
        ],
      },
    ]);
    await loadScript(model, editorScript, [
      {
        text: "Finishing the story.",
        toolCalls: [
          {
            id: "call_write",
            name: "workspace_write_file",
            arguments: JSON.stringify({ path: "output/main.md", content: "The editor's ending." }),
          },
        ],
      },
      { toolCalls: [{ id: "call_commit", name: "workspace_commit", arguments: "{}" }] },
      { text: "Done.", toolCalls: [{ id: "call_finish", name: "workspace_finish", arguments: "{}" }] },
    ]);
    const { page } = owner;
    await page.goto(`${rig.url}/chats/${encodeURIComponent(chatId)}`);
    await expect.poll(() => page.getByLabel("Model connection").inputValue(), { timeout: 15_000 }).not.toBe("");
    await page.getByTestId("run-agent-toggle").click();
    await page.getByLabel("Profile", { exact: true }).selectOption("handing-writer");
    await page.getByLabel("Model connection").selectOption(handingConnectionId);
    await page.getByRole("button", { name: "Run agent" }).click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    await expect
      .poll(() => page.getByTestId("run-status").getAttribute("data-status"), { timeout: 60_000 })
      .toBe("completed");
    await page.getByTestId("tl-handoff").filter({ hasText: "The run passed to Story editor." }).waitFor();
    await page.getByTestId("tl-takeover").filter({ hasText: "Story editor took over the run" }).waitFor();
    const invocations = await topRounds(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-invocation")));
    expect(invocations[0]).toBe("inv_root");
    expect(invocations.slice(1).length).toBe(3);
    for (const id of invocations.slice(1)) expect(id).toMatch(/^inv_(?!root)/);
    expect(await page.getByTestId("tl-task").count()).toBe(0);
    await page.getByTestId("tl-commit").getByText("Committed as message #3.").waitFor();
    expect(owner.problems).toEqual([]);
  });

  it("a sub-agent whose model answers 401 shows why, once, on the page that watched it and after a reload", async () => {
    const failingWriter = writerSteps.map((step, i) =>
      i === 0
        ? {
            ...step,
            toolCalls: [
              {
                id: "call_delegate",
                name: "agent_delegate",
                arguments: JSON.stringify({
                  agentId: "denied-researcher",
                  task: { objective: "Find out what ice dragons eat.", title: "Ice dragon diet" },
                }),
              },
            ],
          }
        : step,
    );
    await loadScript(model, writerScript, failingWriter);
    await loadScript(model, deniedScript, [
      { error: { status: 401, message: "Incorrect API key provided.", type: "invalid_request_error" } },
    ]);
    const { page } = owner;
    await page.goto(`${rig.url}/chats/${encodeURIComponent(chatId)}`);
    await expect.poll(() => page.getByLabel("Model connection").inputValue(), { timeout: 15_000 }).not.toBe("");
    await page.getByTestId("run-agent-toggle").click();
    await page.getByLabel("Profile", { exact: true }).selectOption("writer");
    await page.getByRole("button", { name: "Run agent" }).click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    const runPath = new URL(page.url()).pathname;
    await page.locator('[data-testid="tl-task"][data-status="failed"]').waitFor({ timeout: 60_000 });
    await page.getByTestId("tl-await").filter({ hasText: "Failed: Denied researcher — Ice dragon diet" }).waitFor({
      timeout: 60_000,
    });

    await second.page.goto(`${rig.url}${runPath}`);
    for (const target of [page, second.page]) {
      const child = task(target);
      await expect.poll(() => child.getByTestId("tl-task-status").textContent(), { timeout: 15_000 }).toBe("failed");
      // Open without a click, on both pages: the reason is what the user came for.
      expect(await child.getAttribute("open")).not.toBeNull();
      await expect.poll(() => child.getByTestId("tl-round").count()).toBe(1);
      const codes = child.locator("code").filter({ hasText: "model.provider_denied" });
      await expect.poll(() => codes.count()).toBe(1);
      await expect.poll(() => codes.first().isVisible()).toBe(true);
      await target.getByTestId("tl-await").filter({ hasText: "Failed: Denied researcher — Ice dragon diet" }).waitFor();
      expect(await target.getByTestId("tl-await").filter({ hasText: "Received:" }).count()).toBe(0);
    }
  });
});
