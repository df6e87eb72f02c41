/**
 * The web client in Simplified Chinese (issue [i18n]), in real Chromium at 390 px against wrangler
 * dev, with a Chinese MCP server (tool `查询天气`) and the scripted model server on loopback:
 * a browser that prefers English switches to 简体中文 on the setup page (remembered after a
 * reload), then walks setup → MCP servers (a bad endpoint shows the localized sentence with the
 * server's message under it; the CJK tool is discovered and allowed; "What the model sees" keeps
 * the contract's ASCII alias) → chat (Chinese character card and messages, dates in Chinese) →
 * Agent run (the model calls `查询天气`, writes and commits a Chinese reply; journal in Chinese).
 * On every screen no English catalogue text is left (tests/browser/i18n-leftovers.ts). A
 * browser preferring zh-TW gets Traditional Chinese without choosing. Screenshots of the MCP
 * Manager and the chat in zh-CN at 390 px (copied into docs/screenshots for the README).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelPeer } from "../peers/model-peer";
import type { PeerHandle } from "../peers/registry";
import { CJK_TOOL, startCjkFixture, type CjkFixture } from "./cjk-mcp-fixture";
import { SESSION_KEY } from "../../web/src/session/session-store";
import { englishLeftovers } from "./i18n-leftovers";
import { HAS_CHROMIUM, SETUP_TOKEN, eventually, rigApi as api, startRig, type Rig, type RigPage } from "./rig";

const PHONE = { width: 390, height: 844 };
const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name, exact: true });

async function expectNoEnglish(page: Page, screen: string): Promise<void> {
  expect(await englishLeftovers(page), `English catalogue text left on ${screen}`).toEqual([]);
}

describe.skipIf(!HAS_CHROMIUM)("the web client in Simplified Chinese", () => {
  let rig: Rig;
  let model: PeerHandle;
  let weather: CjkFixture;
  let phone: RigPage;
  let token = "";
  let chatPath = "";
  const scriptId = `zh-run-${Date.now()}`;
  const story = "北京今天晴，25°C。赛拉菲娜望向远山，轻声说：“是个出发的好日子。”";

  beforeAll(async () => {
    [rig, model, weather] = await Promise.all([startRig(), startModelPeer(), startCjkFixture()]);
    phone = await rig.openPage({ ...PHONE, locale: "en-US" });
  });

  afterAll(async () => {
    await rig?.close();
    await model?.close();
    await weather?.close();
  });

  it("switches to 简体中文 on the setup page, remembers it, and sets up the owner in Chinese", async () => {
    const { page } = phone;
    await page.goto(`${rig.url}/#setup=${SETUP_TOKEN}`);
    await page.getByRole("heading", { name: "Set up TavernEdge", level: 1 }).waitFor();
    await page.getByRole("combobox", { name: "Language" }).selectOption("zh-CN");
    await page.getByRole("heading", { name: "设置 TavernEdge", level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
    await expectNoEnglish(page, "setup");

    await page.getByLabel("为此设备命名").fill("我的手机");
    await page.getByRole("button", { name: "创建所有者账户" }).click();
    await page.getByRole("heading", { name: "设备", level: 1 }).waitFor();
    await page.getByTestId("device-row").filter({ hasText: "我的手机" }).getByText("本机").waitFor();
    const stored = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
    token = (JSON.parse(stored ?? "{}") as { deviceToken?: string }).deviceToken ?? "";
    expect(token).toMatch(/^tte_/);
    expect(await page.evaluate(() => localStorage.getItem("tavernedge.language"))).toBe("zh-CN");

    // Remembered on this device: a reload of a browser that prefers English stays in Chinese.
    await page.reload();
    await page.getByRole("heading", { name: "设备", level: 1 }).waitFor();
    await expectNoEnglish(page, "devices");
  });

  it("a browser that prefers Traditional Chinese gets zh-TW without choosing", async () => {
    const taiwan = await rig.openPage({ ...PHONE, locale: "zh-TW" });
    await taiwan.page.goto(`${rig.url}/`);
    await taiwan.page.getByRole("heading", { name: "登入", level: 1 }).waitFor();
    await taiwan.page.getByLabel("裝置權杖").waitFor();
    expect(await taiwan.page.evaluate(() => document.documentElement.lang)).toBe("zh-TW");
    expect(taiwan.problems).toEqual([]);
  });

  it("MCP servers: a bad endpoint is explained in Chinese; the CJK tool is discovered, allowed and keeps its ASCII alias", async () => {
    const { page } = phone;
    await nav(page, "MCP 服务器").click();
    await page.getByRole("heading", { name: "MCP 服务器", level: 1 }).waitFor();
    await page.getByRole("button", { name: "添加服务器" }).click();
    const form = page.getByRole("form", { name: "手动添加服务器" });
    await form.getByLabel("名称").fill("天气服务");
    await form.getByLabel("端点").fill("ftp://example.com/mcp");
    await form.getByRole("button", { name: "添加服务器" }).click();

    const alert = form.getByRole("alert");
    await alert.getByText("MCP 端点必须以 http:// 或 https:// 开头。", { exact: true }).waitFor();
    await alert.getByText("mcp.endpoint_scheme_invalid", { exact: true }).waitFor();
    // Only the translation: the server's English sentence saying the same is not repeated under it.
    expect(await alert.getByTestId("error-server-message").count()).toBe(0);
    expect(await alert.textContent()).not.toMatch(/must use http/i);
    await expectNoEnglish(page, "the MCP add form with an error");

    await form.getByLabel("端点").fill(weather.endpoint);
    await form.getByRole("button", { name: "添加服务器" }).click();
    const row = page
      .getByTestId("mcp-server")
      .filter({ has: page.getByTestId("mcp-server-name").getByText("天气服务", { exact: true }) });
    await row.waitFor();
    await row.getByRole("button", { name: "启用 天气服务" }).click();
    await row.getByRole("group", { name: "确认启用 天气服务" }).getByRole("button", { name: "启用服务器" }).click();
    await row.getByRole("button", { name: "暂停 天气服务" }).waitFor();
    await row.getByRole("button", { name: "工具", exact: true }).click();
    const tool = row.locator(`[data-testid="mcp-tool"][data-native-name="${CJK_TOOL}"]`);
    await expect.poll(() => tool.getByTestId("mcp-tool-title").textContent(), { timeout: 20_000 }).toBe("查询天气");
    await tool.getByText("查询指定城市今天的天气。").waitFor();
    const allow = tool
      .getByRole("radiogroup", { name: `${CJK_TOOL} 的权限` })
      .getByRole("radio", { name: "允许", exact: true });
    await allow.click();
    await expect.poll(() => allow.getAttribute("aria-checked")).toBe("true");
    await expectNoEnglish(page, "the MCP server list");
    await rig.screenshot(page, "i18n-mcp-manager-zh-CN-390");

    // What the model sees: the alias is the contract's ASCII shape, never translated.
    const view = await api<{ tools: Array<{ toolId: string; alias: string }> }>(rig, token, "GET", "/mcp/model-tools");
    const alias = view.tools.find((t) => t.toolId.endsWith(CJK_TOOL))?.alias ?? "";
    expect(alias).toMatch(/^mcp__[A-Za-z0-9_-]+$/);
    await page.getByRole("navigation", { name: "MCP 视图" }).getByRole("link", { name: "模型看到的工具" }).click();
    await page.getByRole("heading", { name: "模型看到的工具", level: 2 }).waitFor();
    await page.getByText(alias, { exact: true }).waitFor();
    await expectNoEnglish(page, "What the model sees");
    expect(phone.problems).toEqual([]);
  });

  it("chat: a Chinese character card and messages, with Chinese dates", async () => {
    const { page } = phone;
    await nav(page, "聊天").click();
    await page.getByRole("heading", { name: "聊天", level: 1 }).waitFor();
    await expectNoEnglish(page, "the chat list");
    await page.getByRole("button", { name: "新建聊天" }).click();
    await page.getByLabel("标题").fill("北境之龙");
    await page.getByLabel(/^系统提示词/).fill("你是一位讲述奇幻故事的叙述者。");
    await page.getByLabel("名称", { exact: true }).fill("赛拉菲娜");
    await page.getByLabel("场景").fill("寒冷的北方山谷。");
    await expectNoEnglish(page, "the new chat form");
    await page.getByRole("button", { name: "创建聊天" }).click();
    await page.getByTestId("chat-heading").getByText("北境之龙").waitFor();
    chatPath = new URL(page.url()).pathname;

    const text = "你好，赛拉菲娜！今天北京天气怎么样？";
    await page.getByLabel("你的消息").fill(text);
    await page.getByRole("button", { name: "仅添加，不回复" }).click();
    await page.getByTestId("message-text").getByText(text, { exact: true }).waitFor();
    const meta = await page.getByTestId("message").first().locator(".message-meta").textContent();
    expect(meta).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
    await page.getByText("角色：赛拉菲娜").waitFor();
    expect(await page.getByTestId("run-agent-toggle").textContent()).toBe("运行 Agent…");
    await expectNoEnglish(page, "the chat page");
  });

  it("run: the agent calls 查询天气, commits a Chinese reply, and the journal reads in Chinese", async () => {
    const { page } = phone;
    await api(rig, token, "POST", "/connections", {
      name: "脚本模型",
      provider: "openai-compatible",
      baseUrl: `${model.url}/v1`,
      apiKey: "sk-zh-test-1234",
      modelId: scriptId,
      isDefault: true,
    });
    const view = await api<{ tools: Array<{ toolId: string; alias: string }> }>(
      rig,
      token,
      "GET",
      "/mcp/model-tools?profileId=default-writer",
    );
    const alias = view.tools.find((t) => t.toolId.endsWith(CJK_TOOL))?.alias;
    expect(alias).toMatch(/^mcp__[A-Za-z0-9_-]+$/);
    const steps = [
      { toolCalls: [{ id: "call_weather", name: alias, arguments: JSON.stringify({ 城市: "北京" }) }] },
      {
        toolCalls: [
          {
            id: "call_write",
            name: "workspace_write_file",
            arguments: JSON.stringify({ path: "output/main.md", content: story }),
          },
        ],
      },
      { toolCalls: [{ id: "call_commit", name: "workspace_commit", arguments: "{}" }] },
      { toolCalls: [{ id: "call_finish", name: "workspace_finish", arguments: JSON.stringify({ reason: "完成" }) }] },
    ];
    const loaded = await fetch(`${model.url}/__script`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: scriptId, steps }),
    });
    expect(loaded.status).toBe(201);

    await page.goto(`${rig.url}${chatPath}`);
    await page.getByTestId("chat-heading").getByText("北境之龙").waitFor();
    await expect.poll(() => page.getByLabel("API 连接").inputValue()).not.toBe("");
    await page.getByTestId("run-agent-toggle").click();
    await page.getByRole("button", { name: "运行 Agent" }).click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    await page.getByRole("heading", { name: "Agent 运行", level: 1 }).waitFor();
    await expect
      .poll(() => page.getByTestId("run-status").getAttribute("data-status"), { timeout: 45_000 })
      .toBe("completed");
    await page.getByTestId("run-status").getByText("已完成").waitFor();
    const lines =
      (await eventually(
        async () => {
          const all = await page.getByTestId("journal-line").locator(".journal-text").allTextContents();
          return all.includes("已提交到聊天（第 2 条消息）") ? all : undefined;
        },
        20_000,
        "the commit line in Chinese",
      )) ?? [];
    expect(lines).toContain("第 1 轮：模型调用了 1 个工具");
    expect(lines.some((line) => line.includes(CJK_TOOL) || line.includes(alias!))).toBe(true);
    expect(lines.at(-1)).toBe("已完成");
    expect(weather.calls()).toBeGreaterThanOrEqual(1);
    await expectNoEnglish(page, "the run page");

    // The run header and the timeline's commit line both link to the chat.
    await page.getByRole("link", { name: "在聊天中查看" }).first().click();
    await page.getByTestId("message-text").getByText(story, { exact: true }).waitFor();
    await expectNoEnglish(page, "the chat with the agent's reply");
    await expect.poll(() => page.getByLabel("API 连接").inputValue()).not.toBe("");
    await expect
      .poll(() => page.getByRole("progressbar", { includeHidden: true }).getAttribute("aria-busy"))
      .toBe("false");
    await rig.screenshot(page, "i18n-chat-zh-CN-390");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(phone.problems).toEqual([]);
  });
});
