/**
 * Issue #8 (web-manager) in real Chromium against wrangler dev, with server-everything and a
 * fixture MCP server on loopback: add → activate → discover → Allow → test-call from the form;
 * JSON import; live sync into a second signed-in browser; hostile markup from a server rendered as
 * text; the description editor round trip; stopping a slow test call; a 409 conflict re-applied.
 * Saves screenshots of the server list, a discovered server and the test console at 360/1280 px.
 */
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEverythingPeer } from "../peers/mcp/everything-peer";
import type { PeerHandle } from "../peers/registry";
import { startManagerFixture, XSS, type FixtureServer } from "./mcp-fixture";
import path from "node:path";
import {
  HAS_CHROMIUM,
  SCREENSHOT_DIR,
  eventually,
  startRig,
  type IssuedDevice,
  type Rig,
  type RigPage,
  rigApi as api,
} from "./rig";

const serverRow = (page: Page, name: string): Locator =>
  page.getByTestId("mcp-server").filter({ has: page.getByTestId("mcp-server-name").getByText(name, { exact: true }) });
const toolItem = (scope: Locator, nativeName: string): Locator =>
  scope.locator(`[data-testid="mcp-tool"][data-native-name="${nativeName}"]`);
const radio = (scope: Locator, tool: string, choice: string) =>
  scope.getByRole("radiogroup", { name: `Permission for ${tool}` }).getByRole("radio", { name: choice, exact: true });

interface ServerDto {
  id: string;
  displayName: string;
  revision: number;
  endpoint: string;
  headers: Record<string, string>;
  protocolVersion: string;
  toolDescriptionOverrides: Record<string, { description?: string; properties?: Record<string, string> }>;
}

/** A viewport-sized screenshot (what a person sees first), `test-results/screenshots/<name>.png`. */
async function viewShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

async function openMcp(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "MCP servers" }).click();
  await page.getByRole("heading", { name: "MCP servers", level: 1 }).waitFor();
}

async function addManual(page: Page, name: string, endpoint: string): Promise<void> {
  await page.getByRole("button", { name: "Add server" }).click();
  const form = page.getByRole("form", { name: "Add server manually" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Endpoint").fill(endpoint);
  await form.getByRole("button", { name: "Add server" }).click();
  await serverRow(page, name).waitFor();
}

async function activate(page: Page, name: string): Promise<void> {
  const row = serverRow(page, name);
  await row.getByRole("button", { name: `Activate ${name}` }).click();
  const confirm = row.getByRole("group", { name: `Confirm activating ${name}` });
  await confirm.getByText("It grants no tool permission").waitFor();
  await confirm.getByText("unencrypted").waitFor();
  await confirm.getByRole("button", { name: "Enable server" }).click();
  await row.getByRole("button", { name: `Pause ${name}` }).waitFor();
}

describe.skipIf(!HAS_CHROMIUM)("MCP Manager in the browser", () => {
  let rig: Rig;
  let everything: PeerHandle;
  let fixture: FixtureServer;
  let desk: RigPage & { device: IssuedDevice };
  let phone: RigPage;
  const dialogs: string[] = [];

  beforeAll(async () => {
    // One at a time, so afterAll can stop whatever did start if a later step fails.
    everything = await startEverythingPeer();
    fixture = await startManagerFixture();
    rig = await startRig();
    desk = (await rig.signedInPages(1))[0]!;
    phone = await rig.signedInPage(await rig.pairDevice(desk.device.deviceToken, "Phone"), { width: 360, height: 740 });
    for (const { page } of [desk, phone])
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
    await openMcp(desk.page);
    await openMcp(phone.page);
    await phone.page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
  });

  afterAll(async () => {
    await rig?.close();
    await everything?.close();
    await fixture?.close();
  });

  it("adds server-everything by hand, activates, discovers, allows echo, and the other browser follows live", async () => {
    const { page } = desk;
    await page.getByText("No MCP servers yet").waitFor();
    await addManual(page, "Everything", `${everything.url}/mcp`);
    const row = serverRow(page, "Everything");
    await row.getByText("Paused", { exact: true }).waitFor();
    await row.getByText("tools not fetched yet").waitFor();
    await serverRow(phone.page, "Everything").waitFor();

    await activate(page, "Everything");
    // Enabled but nothing discovered yet: amber, not green, on every device.
    await serverRow(phone.page, "Everything").getByRole("img", { name: "Active · no tools discovered" }).waitFor();
    await row.getByRole("button", { name: "Tools" }).click();
    await row.getByTestId("mcp-server-info").filter({ hasText: "MCP 2025-11-25" }).waitFor();
    await toolItem(row, "echo").waitFor();
    expect(await radio(row, "echo", "Off").getAttribute("aria-checked")).toBe("true");
    await row.getByText(/tools fetched (just now|\d+ min ago)/).waitFor();
    await row.getByRole("img", { name: "Active", exact: true }).waitFor();
    await serverRow(phone.page, "Everything").getByRole("img", { name: "Active", exact: true }).waitFor();
    await row.getByText(/asks you on every device before each call is sent/).waitFor();

    // The phone opens the same server's tools (a cache hit), then sees the desk's change live.
    const phoneRow = serverRow(phone.page, "Everything");
    await phoneRow.getByRole("button", { name: "Tools" }).click();
    await toolItem(phoneRow, "echo").waitFor();
    await radio(row, "echo", "Allow").click();
    await eventually(
      async () => (await radio(row, "echo", "Allow").getAttribute("aria-checked")) === "true",
      10_000,
      "desk shows Allow",
    );
    await eventually(
      async () => (await radio(phoneRow, "echo", "Allow").getAttribute("aria-checked")) === "true",
      10_000,
      "phone shows Allow",
    );
    // Ask says plainly what it does.
    await radio(phoneRow, "get-sum", "Ask").click();
    await toolItem(phoneRow, "get-sum").getByText("Each call waits for your approval.").waitFor();
    await eventually(
      async () => (await radio(row, "get-sum", "Ask").getAttribute("aria-checked")) === "true",
      10_000,
      "desk shows Ask",
    );
    expect(await phone.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    await rig.screenshot(page, "mcp-discovered-1280");
    await rig.screenshot(phone.page, "mcp-discovered-360");
    await viewShot(page, "mcp-discovered-1280-view");
    await viewShot(phone.page, "mcp-discovered-360-view");
  });

  it("test-calls echo from the schema form and shows the result", async () => {
    const { page } = desk;
    await page.getByRole("link", { name: "Test console" }).click();
    const consoleCard = page.getByRole("region", { name: "Test a tool" });
    await expect
      .poll(() => consoleCard.getByLabel("Server").locator("option:checked").textContent())
      .toBe("Everything");
    await consoleCard.getByLabel("Tool").selectOption("echo");
    await consoleCard.getByText("This is a real call and may have side effects").waitFor();
    await consoleCard.getByText("Current permission:").filter({ hasText: "Allow" }).waitFor();
    await consoleCard.getByLabel(/^message/).fill("hello from the form");
    await consoleCard.getByRole("button", { name: "Run test" }).click();
    const result = consoleCard.getByRole("region", { name: "Test result" });
    await result.getByTestId("result-text").filter({ hasText: "Echo: hello from the form" }).waitFor();
    expect(await result.getByRole("heading").textContent()).toMatch(/^OK · \d+( ms|\.\d\d s)$/);
    await rig.screenshot(page, "mcp-test-console-1280");
    await viewShot(page, "mcp-test-console-1280-view");
  });

  it("imports two servers from an mcpServers paste, skipping a stdio entry with its reason", async () => {
    const { page } = desk;
    await page.getByRole("link", { name: "Servers", exact: true }).click();
    await page.getByRole("button", { name: "Add server" }).click();
    await page.getByRole("tab", { name: "JSON" }).click();
    await page.getByLabel("Server JSON").fill(
      JSON.stringify(
        {
          mcpServers: {
            "docs-one": { type: "http", url: "https://user:secret@one.example/mcp" },
            "docs-two": {
              type: "streamable-http",
              url: "https://two.example/mcp",
              headers: { Authorization: "Bearer t0ken" },
            },
            "local-cli": { command: "npx", args: ["some-server"] },
          },
        },
        null,
        2,
      ),
    );
    await page.getByRole("button", { name: "Import" }).click();
    const status = page.getByRole("status", { name: "Import result" });
    await status.getByText("Created 2 (paused):").waitFor();
    await status.getByText("local-cli:").waitFor();
    await status.getByText("mcp.import_transport_stdio").waitFor();
    await status.getByText("This is a local (stdio) server started with a command.", { exact: false }).waitFor();
    await serverRow(page, "docs-one").waitFor();
    await serverRow(phone.page, "docs-one").waitFor();
    await serverRow(phone.page, "docs-two").waitFor();
    await page.getByRole("button", { name: "Close" }).click();
    // Userinfo never shows on screen.
    expect(await serverRow(page, "docs-one").locator(".mcp-endpoint").textContent()).toBe(
      "https://•••@one.example/mcp",
    );
    expect(await page.locator("body").innerText()).not.toContain("secret");
    await rig.screenshot(page, "mcp-servers-1280");
    await rig.screenshot(phone.page, "mcp-servers-360");
    await viewShot(phone.page, "mcp-servers-360-view");
  });

  it("a server's markup (names, descriptions, results) renders as text and runs nothing", async () => {
    const { page } = desk;
    await addManual(page, "Fixture", fixture.endpoint);
    await activate(page, "Fixture");
    const row = serverRow(page, "Fixture");
    await row.getByRole("button", { name: "Tools" }).click();
    await toolItem(row, "xss").waitFor();
    await row.getByTestId("mcp-server-info").filter({ hasText: XSS.serverName }).waitFor();
    expect(await toolItem(row, "xss").getByTestId("mcp-tool-title").textContent()).toBe(XSS.title);
    expect(await toolItem(row, "xss").getByTestId("mcp-tool-description").textContent()).toBe(XSS.description);
    await toolItem(row, "xss").getByText("Schema & hints").click();
    await toolItem(row, "xss").getByText("hints from the server, not verified").waitFor();
    await viewShot(page, "mcp-hostile-1280-view");
    await radio(row, "xss", "Ask").click();
    const xssGroup = row.getByRole("radiogroup", { name: "Permission for xss" });
    await eventually(
      async () =>
        (await xssGroup.getAttribute("aria-busy")) === "false" &&
        (await radio(row, "xss", "Ask").getAttribute("aria-checked")) === "true",
      10_000,
      "xss saved on Ask",
    );
    // Keyboard: arrows move through Off / Ask / Allow and save, focus stays in the group.
    await page.keyboard.press("ArrowRight");
    await eventually(
      async () =>
        (await xssGroup.getAttribute("aria-busy")) === "false" &&
        (await radio(row, "xss", "Allow").getAttribute("aria-checked")) === "true",
      10_000,
      "xss on Allow by keyboard",
    );
    await page.keyboard.press("ArrowLeft");
    await eventually(
      async () =>
        (await xssGroup.getAttribute("aria-busy")) === "false" &&
        (await radio(row, "xss", "Ask").getAttribute("aria-checked")) === "true",
      10_000,
      "xss back on Ask by keyboard",
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Ask");

    await page.getByRole("link", { name: "Test console" }).click();
    const consoleCard = page.getByRole("region", { name: "Test a tool" });
    await consoleCard.getByLabel("Server").selectOption({ label: "Fixture" });
    await consoleCard.getByLabel("Tool").selectOption("xss");
    await consoleCard.getByText(XSS.property).waitFor();
    await consoleCard.getByRole("button", { name: "Run test" }).click();
    expect(await consoleCard.getByTestId("result-text").textContent()).toBe(XSS.result);

    await page.getByRole("link", { name: "What the model sees" }).click();
    await page.getByRole("list", { name: "Model tools" }).getByText(XSS.description, { exact: true }).waitFor();

    for (const { page: p } of [desk, phone]) {
      expect(await p.locator('img[src="x"], main script, main b').count()).toBe(0);
    }
    expect(dialogs).toEqual([]);
  });

  it("edits a tool description, keeps property overrides, shows it everywhere, and resets it", async () => {
    const { page } = desk;
    const servers = await api<{ servers: ServerDto[] }>(rig, desk.device.deviceToken, "GET", "/mcp/servers");
    const everythingDto = servers.servers.find((s) => s.displayName === "Everything")!;
    await api(rig, desk.device.deviceToken, "PUT", `/mcp/servers/${everythingDto.id}/tools/echo/description-override`, {
      override: { properties: { message: "What to say back." } },
    });

    await page.getByRole("link", { name: "Servers", exact: true }).click();
    const row = serverRow(page, "Everything");
    await row.getByRole("button", { name: "Tools" }).click();
    const echo = toolItem(row, "echo");
    await echo.getByText("Customized").waitFor();
    const original = (await echo.getByTestId("mcp-tool-description").textContent())!;
    await echo.getByRole("button", { name: "Edit description of echo" }).click();
    expect(await echo.getByTestId("mcp-original-description").textContent()).toBe(original);
    await echo.getByLabel("Custom description").fill("Repeat the user's words exactly.");
    await echo.getByRole("button", { name: "Save description" }).click();
    await echo.getByTestId("mcp-tool-description").filter({ hasText: "Repeat the user's words exactly." }).waitFor();
    const phoneEcho = toolItem(serverRow(phone.page, "Everything"), "echo");
    await phoneEcho
      .getByTestId("mcp-tool-description")
      .filter({ hasText: "Repeat the user's words exactly." })
      .waitFor();
    const saved = await api<{ servers: ServerDto[] }>(rig, desk.device.deviceToken, "GET", "/mcp/servers");
    expect(saved.servers.find((s) => s.id === everythingDto.id)!.toolDescriptionOverrides.echo).toEqual({
      description: "Repeat the user's words exactly.",
      properties: { message: "What to say back." },
    });

    await page.getByRole("link", { name: "What the model sees" }).click();
    await page
      .getByRole("list", { name: "Model tools" })
      .getByText("Repeat the user's words exactly.", { exact: true })
      .waitFor();
    // The same view for an agent profile: builtin tools plus the MCP tools, override applied.
    await page.getByLabel("Agent profile (optional)").fill("default-writer");
    await page.getByRole("button", { name: "Show" }).click();
    await page.getByText("for profile “default-writer”").waitFor();
    await page.getByRole("list", { name: "Model tools" }).getByText("builtin:workspace.read_file").waitFor();
    await page
      .getByRole("list", { name: "Model tools" })
      .getByText("Repeat the user's words exactly.", { exact: true })
      .waitFor();
    await page.getByLabel("Agent profile (optional)").fill("no-such-profile");
    await page.getByRole("button", { name: "Show" }).click();
    await page.getByRole("alert").filter({ hasText: "agent.profile_not_found" }).waitFor();

    await page.getByRole("link", { name: "Servers", exact: true }).click();
    await serverRow(page, "Everything").getByRole("button", { name: "Tools" }).click();
    await echo.getByRole("button", { name: "Edit description of echo" }).click();
    await echo.getByRole("button", { name: "Reset all customization" }).click();
    await echo.getByTestId("mcp-tool-description").filter({ hasText: original }).waitFor();
    expect(await echo.getByText("Customized").count()).toBe(0);
    await eventually(
      async () => (await phoneEcho.getByText("Customized").count()) === 0,
      10_000,
      "phone drops the chip",
    );
  });

  it("fills every form kind, sending big integers exactly", async () => {
    const { page } = desk;
    await page.getByRole("link", { name: "Test console" }).click();
    const consoleCard = page.getByRole("region", { name: "Test a tool" });
    await consoleCard.getByLabel("Server").selectOption({ label: "Fixture" });
    await consoleCard.getByLabel("Tool").selectOption("kinds");
    expect(await consoleCard.getByLabel(/^count/).inputValue()).toBe("7");
    await consoleCard.getByRole("button", { name: "Run test" }).click();
    await consoleCard.getByText("Required.").waitFor();
    await consoleCard.getByLabel(/^label/).fill("tea");
    await consoleCard.getByLabel(/^ratio/).fill("1.5e2");
    await consoleCard.getByLabel(/^loud/).selectOption("false");
    await consoleCard.getByLabel(/^mood/).selectOption({ label: "busy" });
    await consoleCard.getByLabel(/^ids/).fill("1\n12345678901234567890");
    await consoleCard.getByLabel(/^extra/).fill('{"a": [1, 2]}');
    await consoleCard.getByRole("button", { name: "Run test" }).click();
    await consoleCard
      .getByRole("region", { name: "Test result" })
      .getByRole("heading")
      .filter({ hasText: "OK" })
      .waitFor();
    const body = fixture.lastCallBody()!;
    expect(body).toContain("12345678901234567890");
    const args = (JSON.parse(body) as { params: { arguments: Record<string, unknown> } }).params.arguments;
    expect(args).toMatchObject({ label: "tea", count: 7, ratio: 150, loud: false, mood: "busy", extra: { a: [1, 2] } });

    // Raw JSON is sent as typed: broken JSON is refused before anything is sent.
    await consoleCard.getByRole("tab", { name: "Raw JSON" }).click();
    const raw = consoleCard.getByRole("textbox", { name: /^Arguments \(/ });
    expect(JSON.parse(await raw.inputValue())).toMatchObject({ label: "tea", count: 7 });
    await raw.fill('{"label": ');
    await consoleCard.getByRole("button", { name: "Run test" }).click();
    const notSent = consoleCard.getByRole("region", { name: "Test result" });
    await notSent.getByRole("heading").filter({ hasText: "Not sent" }).waitFor();
    await notSent.getByText("mcp.call_arguments_invalid_json").waitFor();

    // A tool error with content the console cannot show.
    await consoleCard.getByLabel("Tool").selectOption("fails");
    await consoleCard.getByRole("button", { name: "Run test" }).click();
    const failed = consoleCard.getByRole("region", { name: "Test result" });
    await failed.getByRole("heading").filter({ hasText: "Tool returned an error" }).waitFor();
    await failed.getByTestId("result-text").filter({ hasText: "the tool could not do it" }).waitFor();
    await failed.getByText("mcp.call_content_unsupported [1]").waitFor();
  });

  it("stops waiting for a slow call: the server is told to cancel and the outcome says it may have run", async () => {
    const { page } = desk;
    const consoleCard = page.getByRole("region", { name: "Test a tool" });
    await consoleCard.getByLabel("Tool").selectOption("slow");
    await consoleCard.getByRole("button", { name: "Run test" }).click();
    await consoleCard.getByText("Waiting for the server…").waitFor();
    await eventually(() => fixture.slow().started === 1, 15_000, "slow tool started");
    await rig.screenshot(page, "mcp-test-waiting-1280");
    await consoleCard.getByRole("button", { name: "Stop waiting" }).click();
    const result = consoleCard.getByRole("region", { name: "Test result" });
    await result.getByText("Outcome unknown").waitFor();
    await result.getByText("The call may have executed.").waitFor();
    await result.getByText("mcp.call_cancelled").waitFor();
    await eventually(() => fixture.slow().aborted === 1, 15_000, "the server saw the cancellation");
    await consoleCard.getByRole("button", { name: "Run test" }).waitFor();
  });

  it("the test console at phone width", async () => {
    const { page } = phone;
    await page.getByRole("link", { name: "Test console" }).click();
    const consoleCard = page.getByRole("region", { name: "Test a tool" });
    await consoleCard.getByLabel("Server").selectOption({ label: "Everything" });
    await consoleCard.getByLabel("Tool").selectOption("echo");
    await consoleCard.getByLabel(/^message/).fill("from the phone");
    await consoleCard.getByRole("button", { name: "Run test" }).click();
    await consoleCard.getByTestId("result-text").filter({ hasText: "Echo: from the phone" }).waitFor();
    await rig.screenshot(page, "mcp-test-console-360");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("an edit saved over a newer version shows the conflict and re-applies on request", async () => {
    const { page } = desk;
    await page.getByRole("link", { name: "Servers", exact: true }).click();
    await phone.page.getByRole("link", { name: "Servers", exact: true }).click();
    await serverRow(phone.page, "docs-one").waitFor();
    const list = await api<{ servers: ServerDto[] }>(rig, desk.device.deviceToken, "GET", "/mcp/servers");
    const dto = list.servers.find((s) => s.displayName === "docs-two")!;
    const row = page.locator(`[data-testid="mcp-server"][data-server-id="${dto.id}"]`);
    await row.getByRole("button", { name: "Edit docs-two" }).click();
    const form = row.getByRole("form");
    expect(await form.getByLabel("Header 1 value").getAttribute("type")).toBe("password");
    expect(await form.getByLabel("Header 1 value").inputValue()).toBe("Bearer t0ken");
    await form.getByLabel(/^Name/).fill("Docs two (desk)");
    // Meanwhile another device renames it; the open form keeps what was typed.
    await api(rig, desk.device.deviceToken, "PUT", `/mcp/servers/${dto.id}`, {
      displayName: "Docs two (phone)",
      endpoint: dto.endpoint,
      headers: dto.headers,
      protocolVersion: dto.protocolVersion,
    });
    await serverRow(phone.page, "Docs two (phone)").waitFor();
    await row.getByTestId("mcp-server-name").getByText("Docs two (phone)").waitFor();
    expect(await form.getByLabel(/^Name/).inputValue()).toBe("Docs two (desk)");
    await form.getByRole("button", { name: "Save changes" }).click();
    await form.getByText("This server was changed on another device").waitFor();
    await form.getByText("“Docs two (phone)”", { exact: false }).waitFor();
    await form.getByRole("button", { name: "Re-apply my changes" }).click();
    await serverRow(page, "Docs two (desk)").waitFor();
    await serverRow(phone.page, "Docs two (desk)").waitFor();
  });

  it("removes a server after confirmation, on every device", async () => {
    const { page } = desk;
    const row = serverRow(page, "docs-one");
    await row.getByRole("button", { name: "Remove docs-one" }).click();
    await row.getByText("Remove this MCP server?").waitFor();
    await row.getByRole("button", { name: "Remove server" }).click();
    await eventually(async () => (await serverRow(page, "docs-one").count()) === 0, 10_000, "gone on desk");
    await eventually(async () => (await serverRow(phone.page, "docs-one").count()) === 0, 10_000, "gone on phone");
    expect(await phone.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(desk.problems).toEqual([]);
    expect(phone.problems).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});

describe.skipIf(!HAS_CHROMIUM)("MCP Manager on a deployed Worker", () => {
  let rig: Rig;

  beforeAll(async () => {
    rig = await startRig({ vars: { ENVIRONMENT: "deployed" } });
  });

  afterAll(async () => {
    await rig?.close();
  });

  it("warns that a private-network endpoint is unreachable when deployed, on create and again on activation", async () => {
    const [desk] = await rig.signedInPages(1);
    const { page, problems } = desk!;
    await openMcp(page);
    await addManual(page, "Home NAS", "http://192.168.1.20:3000/mcp");
    const row = serverRow(page, "Home NAS");
    const warning = row.getByRole("status").filter({ hasText: "mcp.endpoint_unreachable_when_deployed" });
    await warning.waitFor();
    await warning.getByRole("button", { name: "Dismiss" }).click();
    expect(await warning.count()).toBe(0);
    await activate(page, "Home NAS");
    await warning.waitFor();
    expect(problems).toEqual([]);
  });
});
