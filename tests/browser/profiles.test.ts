/**
 * The Profiles screen ([agent-profiles] web view) in real Chromium against wrangler dev: the
 * built-in default-writer is read-only and duplicated into an editable copy whose display name
 * and max rounds are saved, live in a second browser without a reload; an invalid edit in the JSON
 * editor shows the server's code and field; export then import round-trips the document (and a
 * v2 file is migrated); a profile bound to a connection reports the missing connection as soon as
 * the connection is deleted, and its repair action sets the model to "needs a connection".
 * Storage issues (added to the real list answer: a stored row cannot be broken through the API)
 * are shown in plain words and repaired through the real repair route.
 * Screenshots of the list and the profile page at 360 and 1280 px.
 */
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

type Doc = Record<string, unknown> & {
  id: string;
  displayName: string;
  tools: Record<string, unknown>;
  model: Record<string, unknown>;
};

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
const profileRow = (page: Page, id: string) => page.locator(`[data-testid="profile-row"][data-profile-id="${id}"]`);
const NAME = "Short <i>story</i> writer";

describe.skipIf(!HAS_CHROMIUM)("web: agent profiles", () => {
  let rig: Rig;
  let owner: RigPage & { device: IssuedDevice };
  let second: RigPage & { device: IssuedDevice };
  const token = () => owner.device.deviceToken;
  const load = async (id: string) =>
    (await api<{ profile: Doc | null }>(rig, token(), "GET", `/agent/profiles/${id}`)).profile;

  beforeAll(async () => {
    rig = await startRig();
    [owner, second] = (await rig.signedInPages(2)) as [
      RigPage & { device: IssuedDevice },
      RigPage & { device: IssuedDevice },
    ];
  });

  afterAll(async () => {
    await rig?.close();
  });

  it("duplicates the read-only default-writer, saves a new name and max rounds, and a second browser sees both live", async () => {
    await nav(second.page, "Profiles").click();
    await profileRow(second.page, "default-writer").waitFor();
    await second.page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const { page } = owner;
    await nav(page, "Profiles").click();
    await page.getByRole("heading", { name: "Agent profiles", level: 1 }).waitFor();
    const builtin = profileRow(page, "default-writer");
    await builtin.getByText("Built-in · read-only").waitFor();
    expect(await builtin.getByRole("button", { name: /^Delete/ }).count()).toBe(0);

    // The built-in profile's page: healthy, every field disabled, no Save.
    await builtin.getByTestId("profile-name").click();
    await page.getByTestId("profile-heading").getByText("Default Writer", { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId("health-summary").textContent()).toBe("No problems found.");
    expect(await page.getByLabel("Display name", { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel("Max rounds").inputValue()).toBe("80");
    expect(await page.getByLabel("All MCP tools I set to Ask or Allow (mcp:*)").isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: /Roll dice/ }).isChecked()).toBe(true);
    expect(await page.getByRole("button", { name: "Save changes" }).count()).toBe(0);

    await page.getByRole("button", { name: "Duplicate to edit" }).click();
    expect(await page.getByLabel("New profile id").inputValue()).toBe("default-writer-copy");
    await page.getByLabel("New profile id").fill("my-writer");
    await page.getByRole("button", { name: "Create copy" }).click();
    await page.waitForURL(/\/profiles\/my-writer$/);
    await page.getByTestId("profile-heading").getByText("Default Writer (copy)", { exact: true }).waitFor();
    await profileRow(second.page, "my-writer").waitFor();

    await page.getByLabel("Display name", { exact: true }).fill(NAME);
    await page.getByLabel("Max rounds").fill("12");
    await page.getByRole("checkbox", { name: /Roll dice/ }).uncheck();
    await page.getByText("Unsaved changes").waitFor();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("All changes saved").waitFor();
    await page.getByTestId("profile-heading").getByText(NAME, { exact: true }).waitFor();

    const saved = (await load("my-writer"))!;
    expect(saved.displayName).toBe(NAME);
    expect(saved.tools.maxRounds).toBe(12);
    expect(saved.tools.allow).not.toContain("builtin:dice.roll");
    expect(saved.tools.allow).toContain("mcp:*");

    // Live in the second browser's list (as text, not markup), then on its page.
    const row = profileRow(second.page, "my-writer");
    await row.getByTestId("profile-name").getByText(NAME, { exact: true }).waitFor();
    expect(await row.locator("i").count()).toBe(0);
    await row.getByTestId("profile-name").click();
    await expect.poll(() => second.page.getByLabel("Max rounds").inputValue()).toBe("12");
    // A change saved by the owner replaces the unchanged form on the second browser at once.
    await page.getByLabel("Max rounds").fill("15");
    await page.getByRole("button", { name: "Save changes" }).click();
    // The save answers, then the frame reaches the second browser: wait for it, not for vitest's 1 s default.
    await expect.poll(() => second.page.getByLabel("Max rounds").inputValue(), { timeout: 15_000 }).toBe("15");
    expect(await second.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect([...owner.problems, ...second.problems]).toEqual([]);
  });

  it("shows the server's code and field for an invalid edit in the JSON editor, and catches broken JSON before sending", async () => {
    const { page } = owner;
    const editor = page.getByLabel("Other settings (JSON)");
    const rest = JSON.parse(await editor.inputValue()) as { tools: Record<string, unknown> };
    expect(rest.tools.maxCallsPerRun).toBe(80);
    rest.tools.maxCallsPerRun = 0;
    await editor.fill(JSON.stringify(rest, null, 2));
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.getByTestId("validation-code").textContent()).toBe("agent.profile_max_calls_invalid");
    expect(await page.getByTestId("validation-path").textContent()).toBe("$.tools.maxCallsPerRun");
    await page.getByTestId("validation-error").getByText("(in the JSON editor)", { exact: false }).waitFor();
    expect((await load("my-writer"))!.tools.maxCallsPerRun).toBe(80);

    // Broken JSON: said at once under the editor, and on save with a client code (nothing sent).
    await editor.fill('{ "plan": ');
    await page.getByTestId("json-problem").waitFor();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.getByTestId("validation-code").textContent()).toBe("client.json_invalid");
    // The save bar stays in view with the refusal (a viewport shot: a full-page one would misplace the sticky bar).
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "profile-invalid-1280.png") });

    await page.getByRole("button", { name: "Discard changes" }).click();
    await page.getByText("All changes saved").waitFor();
    expect(JSON.parse(await editor.inputValue()).tools.maxCallsPerRun).toBe(80);
    expect(await page.getByTestId("validation-error").count()).toBe(0);
  });

  it("delegation fields: a wrong limit is refused under its field; a sub-agent profile's diagnose line says what others can do", async () => {
    const { page } = owner;
    const field = page.getByTestId("delegation-field");
    const diagnose = page.getByTestId("delegation-diagnose");
    const role = (name: string) => diagnose.locator(`li[data-role="${name}"]`);
    await expect
      .poll(() => role("subAgent").textContent())
      .toContain("It cannot be used as a sub-agent. “Other agents may call this profile” is off.");

    await field.getByLabel("Delegate tasks to sub-agents").check();
    await field.getByLabel("Sub-agents at once", { exact: true }).fill("0");
    await page.getByRole("button", { name: "Save changes" }).click();
    const limitError = page.locator("#deleg-maxConcurrentInvocations-error");
    await expect
      .poll(() => limitError.textContent())
      .toContain("Sub-agents at once must be a whole number from 1 to 32.");
    expect(await limitError.textContent()).toContain("agent.profile_delegation_concurrency_invalid");
    // Checked as typed, against the server's range: words, fractions and CJK numerals too.
    const limitInput = field.getByLabel("Sub-agents at once", { exact: true });
    for (const typed of ["abc", "12.5", "三"]) {
      await limitInput.fill(typed);
      await expect.poll(() => limitError.textContent()).toContain("must be a whole number from 1 to 32.");
    }
    // Empty: the default shows as the placeholder and in the hint.
    await limitInput.fill("");
    expect(await limitInput.getAttribute("placeholder")).toBe("3");
    expect(await page.locator("#deleg-maxConcurrentInvocations-help").textContent()).toContain(
      "empty: the default, 3.",
    );
    await limitInput.fill("0");
    expect(await field.getByLabel("Sub-agents at once", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await field.getByTestId("field-error").count()).toBe(1);
    expect((await load("my-writer"))!.delegation).toMatchObject({ canDelegate: false, maxConcurrentInvocations: 3 });

    // Full-width digits (a Chinese IME) are read as the number.
    await field.getByLabel("Sub-agents at once", { exact: true }).fill("２");
    // Being a sub-agent needs "callable": ticking the role ticks it.
    await field.getByLabel("As a sub-agent: does one task and returns the result").check();
    expect(await field.getByLabel("Other agents may call this profile").isChecked()).toBe(true);
    await field.getByTestId("deleg-callers-some").check();
    await field.getByRole("checkbox", { name: /default-writer/ }).check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("All changes saved").waitFor();
    const saved = (await load("my-writer"))!;
    expect(saved.delegation).toMatchObject({
      canDelegate: true,
      maxConcurrentInvocations: 2,
      callable: true,
      allowAsSubagent: true,
      allowAsHandoffTarget: false,
      allowedCallers: ["default-writer"],
    });
    expect(saved.tools.allow).toEqual(
      expect.arrayContaining(["builtin:agent.list", "builtin:agent.delegate", "builtin:agent.await"]),
    );
    await expect.poll(() => role("subAgent").getAttribute("data-ok")).toBe("true");
    expect(await role("subAgent").textContent()).toContain("Other agents can delegate tasks to it.");
    expect(await role("handoffTarget").textContent()).toContain(
      "It cannot take over a run. “As a handoff target” is off.",
    );
    await diagnose.getByText("Only these profiles may call it: Default Writer.").waitFor();
    await page.getByTestId("profile-health").getByText("Run as a sub-agent: yes").waitFor();
    expect(await page.getByTestId("field-error").count()).toBe(0);
    await rig.screenshot(page, "profile-delegation-1280");
    expect(owner.problems).toEqual([]);
  });

  it("exports a profile and imports the file back unchanged; an id in use asks before replacing; a v2 file is migrated", async () => {
    const { page } = owner;
    await nav(page, "Profiles").click();
    const row = profileRow(page, "my-writer");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("button", { name: `Export ${NAME}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("my-writer.json");
    const file = path.join(tmpdir(), `profile-${Date.now()}.json`);
    await download.saveAs(file);
    const exported = JSON.parse(await readFile(file, "utf8")) as Doc;
    expect(exported).toEqual(await load("my-writer"));

    await row.getByRole("button", { name: `Delete ${NAME}` }).click();
    await page.getByRole("button", { name: "Delete profile" }).click();
    await eventually(async () => (await profileRow(page, "my-writer").count()) === 0, 10_000, "row removed");
    await eventually(async () => (await load("my-writer")) === null, 5000, "profile deleted");

    await page.getByLabel("Profile file (.json)").setInputFiles(file);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Imported ${NAME}.` })
      .waitFor();
    await profileRow(page, "my-writer").waitFor();
    expect(await load("my-writer")).toEqual(exported);

    // The same file again: the id is in use, so it asks first.
    await page.getByLabel("Profile file (.json)").setInputFiles(file);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByRole("group", { name: "Profile id already in use" }).waitFor();
    await page.getByRole("button", { name: "Replace it" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Imported ${NAME}.` })
      .waitFor();

    // A TauriTavern v2 file: bare builtin names, no mcpResultInlineCharLimit.
    const tools = {
      ...exported.tools,
      allow: (exported.tools.allow as string[]).map((t) => t.replace(/^builtin:/, "")),
    };
    delete (tools as Record<string, unknown>).mcpResultInlineCharLimit;
    const legacy = path.join(tmpdir(), `legacy-${Date.now()}.json`);
    await writeFile(
      legacy,
      JSON.stringify({ ...exported, schemaVersion: 2, id: "legacy-writer", displayName: "Legacy writer", tools }),
    );
    await page.getByLabel("Profile file (.json)").setInputFiles(legacy);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Imported Legacy writer (converted from schema version 2)." })
      .waitFor();
    const migrated = (await load("legacy-writer"))!;
    expect(migrated.schemaVersion).toBe(3);
    expect(migrated.tools.allow).toEqual(exported.tools.allow);
    expect(migrated.tools.mcpResultInlineCharLimit).toBe(50_000);
    expect(owner.problems).toEqual([]);
  });

  it("reports a deleted connection on the profile page at once; export drops the binding; the repair marks it as needing a connection", async () => {
    const connection = await api<{ id: string }>(rig, token(), "POST", "/connections", {
      name: "Loopback model",
      provider: "openai-compatible",
      baseUrl: "http://127.0.0.1:9/v1",
      apiKey: "",
      modelId: "loop-1",
    });
    const { page } = owner;
    await page.goto(`${rig.url}/profiles/my-writer`);
    await page.getByTestId("profile-heading").getByText(NAME, { exact: true }).waitFor();
    await page.getByLabel("Which model connection").selectOption("connectionRef");
    await page.getByLabel("Connection", { exact: true }).selectOption(connection.id);
    expect(await page.getByLabel("Model id").inputValue()).toBe("loop-1");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("All changes saved").waitFor();
    expect((await load("my-writer"))!.model).toEqual({
      mode: "connectionRef",
      connectionRef: connection.id,
      modelId: "loop-1",
    });
    await expect.poll(() => page.getByTestId("health-summary").textContent()).toBe("No problems found.");

    const exported = await api<Doc>(rig, token(), "GET", "/agent/profiles/my-writer/export");
    expect(exported.model).toEqual({ mode: "requiresConfiguration" });

    await api(rig, token(), "DELETE", `/connections/${connection.id}`);
    const missing = page.locator('[data-testid="diagnostic"][data-code="agent.profile_model_connection_missing"]');
    await missing.waitFor({ timeout: 15_000 });
    await missing.getByText("no longer exists", { exact: false }).waitFor();
    await missing.getByText("This stops starting it from a chat and running it as a sub-agent.").waitFor();
    await page.getByText("Start from a chat: no").waitFor();
    expect(await page.getByLabel("Connection", { exact: true }).locator("option:checked").textContent()).toBe(
      `Missing connection (${connection.id})`,
    );
    await rig.screenshot(page, "profile-page-1280");
    const phone = await rig.signedInPage(owner.device, { width: 360, height: 740 });
    await phone.page.goto(`${rig.url}/profiles/my-writer`);
    await phone.page
      .locator('[data-testid="diagnostic"][data-code="agent.profile_model_connection_missing"]')
      .waitFor();
    await rig.screenshot(phone.page, "profile-page-360");
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await phone.page.goto(`${rig.url}/profiles`);
    await profileRow(phone.page, "my-writer").waitFor();
    await rig.screenshot(phone.page, "profiles-360");
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    expect(phone.problems).toEqual([]);

    await missing.getByRole("button", { name: "Mark it as needing a connection" }).click();
    await expect.poll(() => page.getByLabel("Which model connection").inputValue()).toBe("requiresConfiguration");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.locator('[data-testid="diagnostic"][data-code="agent.profile_model_requires_configuration"]').waitFor();
    expect(await missing.count()).toBe(0);
    expect((await load("my-writer"))!.model).toEqual({ mode: "requiresConfiguration" });

    await page.goto(`${rig.url}/profiles`);
    await profileRow(page, "legacy-writer").waitFor();
    await rig.screenshot(page, "profiles-1280");
    expect(owner.problems).toEqual([]);
  });
  it("shows storage issues in plain words and runs their repair actions on the server", async () => {
    // A stored row cannot be broken through the API, so the list answer (the real one) gets two
    // issues added for real rows; the repair buttons then call the real repair route.
    const { page } = owner;
    let inject = true;
    await page.route(`${rig.url}/api/v1/agent/profiles`, async (route) => {
      if (route.request().method() !== "GET" || !inject) return route.continue();
      const response = await route.fetch();
      const list = (await response.json()) as { profiles: Array<{ id: string }>; issues: unknown[] };
      const issues = [
        {
          profileId: "legacy-writer",
          fileName: "legacy-writer.json",
          kind: "invalidFileIdentity",
          recommendedAction: "normalizeIdentity",
          code: "agent.profile_id_invalid",
          message: 'The stored profile says its id is "old" but it is stored as "legacy-writer".',
        },
        {
          profileId: "my-writer",
          fileName: "my-writer.json",
          kind: "invalidJson",
          recommendedAction: "delete",
          code: "agent.profile_contract_invalid",
          message: "The stored profile is not valid JSON: <b>Unexpected token</b>",
        },
      ];
      await route.fulfill({
        response,
        json: { profiles: list.profiles.filter((p) => p.id !== "legacy-writer" && p.id !== "my-writer"), issues },
      });
    });
    await page.goto(`${rig.url}/profiles`);
    const section = page.getByRole("region", { name: "Profiles needing attention" });
    const fix = section.getByTestId("profile-issue").filter({ hasText: "legacy-writer.json" });
    await fix
      .getByText("Its header (schema version, kind or id) does not match where it is stored.", { exact: false })
      .waitFor();
    await fix.getByText("agent.profile_id_invalid", { exact: true }).waitFor();
    const broken = section.getByTestId("profile-issue").filter({ hasText: "my-writer.json" });
    await broken.getByText("The stored file is not readable JSON.", { exact: false }).waitFor();
    expect(await broken.locator("b").count()).toBe(0);
    await rig.screenshot(page, "profiles-issues-1280");

    await fix.getByRole("button", { name: "Fix the header of legacy-writer.json" }).click();
    await page.getByText("Repaired legacy-writer.json.").waitFor();
    await broken.getByRole("button", { name: "Delete my-writer.json" }).click();
    await broken.getByRole("button", { name: "Delete it" }).click();
    await page.getByText("Deleted my-writer.json.").waitFor();
    await eventually(async () => (await load("my-writer")) === null, 5000, "my-writer deleted by repair");
    expect((await load("legacy-writer"))!.id).toBe("legacy-writer");

    inject = false;
    await page.getByRole("button", { name: "Refresh" }).click();
    await profileRow(page, "legacy-writer").waitFor();
    expect(await section.count()).toBe(0);
    await page.unroute(`${rig.url}/api/v1/agent/profiles`);
    expect(owner.problems).toEqual([]);
  });
});
