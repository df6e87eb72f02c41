/**
 * Settings → "Export everything" and "Restore from a file" in real Chromium against wrangler dev
 * (issue [data] "Web"): the owner exports with secrets and a passphrase (the bar reaches every
 * item), downloads the .zip; a second user checks the file (a wrong passphrase is refused with the
 * localized sentence; the right one shows the preview by kind), restores it and reads the report;
 * the restored chat is listed; the same file again is merged as copies under new ids (the report
 * lists them). Screenshot at 360 px.
 */
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAS_CHROMIUM, rigApi as api, startRig, type IssuedDevice, type Rig, type RigPage } from "./rig";

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
// Not ASCII: the restore sends it as an RFC 8187 ext-value (docs/spec/data-portability.md §2).
const PASSPHRASE = "冰龙的秘密口令123";

describe.skipIf(!HAS_CHROMIUM)("web: settings export and restore", () => {
  let rig: Rig;
  let owner: RigPage & { device: IssuedDevice };
  let other: RigPage & { device: IssuedDevice };

  beforeAll(async () => {
    rig = await startRig();
    [owner] = (await rig.signedInPages(1)) as [RigPage & { device: IssuedDevice }];
    [other] = (await rig.signedInPages(1, { width: 360, height: 780 })) as [RigPage & { device: IssuedDevice }];
  });

  afterAll(async () => {
    await rig?.close();
  });

  it("exports with a passphrase, downloads, previews and restores into another account", async () => {
    await api(rig, owner.device.deviceToken, "POST", "/chats", { title: "Lantern tale" });
    await api(rig, owner.device.deviceToken, "POST", "/mcp/servers", {
      displayName: "Search",
      endpoint: "https://search.example.com/mcp",
      headers: { "X-Api-Key": "browser-secret-value" },
    });

    const { page } = owner;
    await nav(page, "Settings").click();
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await page.getByLabel("Include secrets (header values, API keys), encrypted with a passphrase").check();
    const start = page.getByRole("button", { name: "Export everything" });
    expect(await start.isDisabled()).toBe(true);
    await page.getByLabel("Passphrase", { exact: true }).fill(PASSPHRASE);
    await page.getByLabel("Passphrase again").fill(PASSPHRASE);
    await start.click();
    await page.getByText("The export is ready.").waitFor({ timeout: 60_000 });
    await page.getByText(/2 of 2 items \(100%\)/).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download .zip" }).click(),
    ]);
    const file = path.join(tmpdir(), `tavernedge-browser-${Date.now()}.zip`);
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/^tavernedge-.*\.zip$/);

    const phone = other.page;
    await nav(phone, "Settings").click();
    await phone.getByLabel("Archive (.zip)").setInputFiles(file);
    await phone.getByLabel("Passphrase (only if the export includes secrets)").fill("not the passphrase");
    await phone.getByRole("button", { name: "Check the file" }).click();
    await phone.getByText("The passphrase does not open this export's secrets. Nothing was imported.").waitFor();
    await phone.getByLabel("Passphrase (only if the export includes secrets)").fill(PASSPHRASE);
    await phone.getByRole("button", { name: "Check the file" }).click();
    const preview = phone.getByRole("region", { name: "What the file holds" });
    await preview.getByText("Chats: 1").waitFor();
    await preview.getByText("MCP servers: 1").waitFor();
    await preview.getByText("Secrets included: they will be restored.").waitFor();
    await preview.getByText("Nothing in the file exists here yet.").waitFor();
    // The export's date through the app's formatter ("Dec 1, 2026, 10:39 PM"), not toLocaleString's "12/1/2026, …".
    expect(await preview.getByRole("heading", { level: 3 }).first().textContent()).toMatch(
      /^Export from [A-Z][a-z]{2} \d{1,2}, \d{4}/,
    );
    await phone.screenshot({ path: path.join(tmpdir(), "settings-restore-360.png"), fullPage: true });
    // A second device of the same user has the MCP page open while the phone restores.
    const watcher = await rig.signedInPage(await rig.pairDevice(other.device.deviceToken, "Watcher"));
    await nav(watcher.page, "MCP servers").click();
    await watcher.page.getByRole("heading", { name: "MCP servers", level: 1 }).waitFor();
    await preview.getByRole("button", { name: "Restore" }).click();
    await phone.getByText("Done: 2 imported, 0 replaced, 0 kept, 0 refused.").waitFor({ timeout: 60_000 });
    // The restore sends no change frame per item; its end makes every open screen read again.
    await watcher.page.getByText("Search", { exact: true }).first().waitFor({ timeout: 20_000 });

    const chats = await api<{ chats: Array<{ title: string }> }>(rig, other.device.deviceToken, "GET", "/chats");
    expect(chats.chats.map((c) => c.title)).toEqual(["Lantern tale"]);
    const servers = await api<{ servers: Array<{ headers: Record<string, string> }> }>(
      rig,
      other.device.deviceToken,
      "GET",
      "/mcp/servers",
    );
    expect(servers.servers[0]?.headers).toEqual({ "X-Api-Key": "browser-secret-value" });

    // The same file again: everything exists now; "keep both" (the default) imports copies under new ids.
    await phone.getByLabel("Passphrase (only if the export includes secrets)").fill(PASSPHRASE);
    await phone.getByRole("button", { name: "Check the file" }).click();
    await preview.getByText("2 items already exist here. What should happen to them?").waitFor();
    expect(
      await preview
        .getByRole("radio", { name: "Keep both: import the file's items as copies with new ids" })
        .isChecked(),
    ).toBe(true);
    await preview.getByRole("button", { name: "Restore" }).click();
    await phone.getByText("2 items were imported under new ids:").waitFor({ timeout: 60_000 });
    await phone.getByText("Done: 2 imported, 0 replaced, 0 kept, 0 refused.").waitFor();
    const both = await api<{ chats: Array<{ title: string }> }>(rig, other.device.deviceToken, "GET", "/chats");
    expect(both.chats.map((c) => c.title)).toEqual(["Lantern tale", "Lantern tale"]);
  });

  it("after a reload the ready export and the last restore's report are shown again", async () => {
    const { page } = owner;
    await page.reload();
    await nav(page, "Settings").click();
    await page.getByText("The export is ready.").waitFor({ timeout: 30_000 });
    await page.getByText(/Kept until /).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download .zip" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tavernedge-.*\.zip$/);

    const phone = other.page;
    await phone.reload();
    await nav(phone, "Settings").click();
    await phone.getByText("Done: 2 imported, 0 replaced, 0 kept, 0 refused.").waitFor({ timeout: 30_000 });
    await phone.getByText("2 items were imported under new ids:").waitFor();
  });

  it("an export that finishes before its start request answers still shows as ready", async () => {
    const page = (await rig.signedInPage(owner.device)).page;
    await nav(page, "Settings").click();
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    // Hold the answer to "start the export" until the server says the export is finished, so
    // every export.progress frame reaches the page before the page knows the export's id.
    let released: (status: string) => void = () => {};
    const finished = new Promise<string>((resolve) => {
      released = resolve;
    });
    await page.route("**/api/v1/export", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      const response = await route.fetch();
      const { exportId } = (await response.json()) as { exportId: string };
      for (;;) {
        const view = await api<{ status: string }>(rig, owner.device.deviceToken, "GET", `/export/${exportId}`);
        if (view.status !== "running") {
          released(view.status);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await route.fulfill({ response });
    });
    await page.getByLabel("Include secrets (header values, API keys), encrypted with a passphrase").uncheck();
    await page.getByRole("button", { name: "Export everything" }).click();
    expect(await finished).toBe("ready");
    await page.getByText("The export is ready.").waitFor({ timeout: 30_000 });
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
});
