/**
 * The Skills screen in real Chromium against wrangler dev (issue [skills] "Must show"): a skill is
 * installed; the owner imports a zip of a different version of it, the preview shows the conflict,
 * "Replace the installed one" installs it, and a second browser context (a phone-sized second
 * device) sees the new version listed live, without a reload; its files open as plain text.
 * Screenshots of the screen at 360 and 1280 px.
 */
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skillMd, zipOf } from "../fixtures/skill-zips";
import { HAS_CHROMIUM, eventually, rigApi as api, startRig, type IssuedDevice, type Rig, type RigPage } from "./rig";

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
const row = (page: Page, name: string) => page.getByRole("listitem", { name: `${name} (Every agent)` });

describe.skipIf(!HAS_CHROMIUM)("web: skills", () => {
  let rig: Rig;
  let owner: RigPage & { device: IssuedDevice };
  let phone: RigPage;

  beforeAll(async () => {
    rig = await startRig();
    [owner] = (await rig.signedInPages(1)) as [RigPage & { device: IssuedDevice }];
    const second = await rig.pairDevice(owner.device.deviceToken, "Phone");
    phone = await rig.signedInPage(second, { width: 360, height: 780 });
  });

  afterAll(async () => {
    await rig?.close();
  });

  it("imports a zip with a conflict, replaces, and a second context lists the new version live", async () => {
    const token = owner.device.deviceToken;
    const preview = await api<{ previewId: string }>(rig, token, "POST", "/skills/import/preview", {
      files: [{ path: "SKILL.md", content: skillMd("story-beats", "Plot beats, first draft") }],
    });
    await api(rig, token, "POST", "/skills/import", { previewId: preview.previewId });

    await nav(phone.page, "Skills").click();
    await row(phone.page, "story-beats").getByText("Plot beats, first draft").waitFor();
    await phone.page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const { page } = owner;
    await nav(page, "Skills").click();
    await page.getByRole("heading", { name: "Skills", level: 1 }).waitFor();
    await row(page, "story-beats").waitFor();
    const file = path.join(tmpdir(), `story-beats-${Date.now()}.zip`);
    await writeFile(
      file,
      zipOf({
        "story-beats/SKILL.md": skillMd("story-beats", "Plot beats, revised", "# Beats\n\nOpen with the dragon.\n"),
        "story-beats/references/acts.md": "Act one: the egg.\n",
      }),
    );
    await page.getByLabel("Drop a skill .zip here, or choose a file").setInputFiles(file);
    const previewBox = page.getByRole("region", { name: "Preview of story-beats" });
    await previewBox.getByText("Plot beats, revised").waitFor();
    await previewBox
      .getByRole("alert")
      .getByText(/A different “story-beats” is already installed/)
      .waitFor();
    await previewBox.getByText("The files were inside the folder").waitFor();
    // Changing who can use it after the preview withholds install until the file is previewed again.
    const scopeSelect = page.getByLabel("Who can use it");
    await scopeSelect.selectOption("character");
    await previewBox
      .getByRole("alert")
      .getByText(/changed to/)
      .waitFor();
    expect(await previewBox.getByRole("button", { name: "Replace the installed one" }).count()).toBe(0);
    await scopeSelect.selectOption("global");
    await previewBox.getByRole("button", { name: "Replace the installed one" }).click();
    await page.getByText("Replaced “story-beats” (Every agent).").waitFor();
    await row(page, "story-beats").getByText("Plot beats, revised").waitFor();

    // The second context: listed with the new description, no reload.
    await row(phone.page, "story-beats").getByText("Plot beats, revised").waitFor();
    expect(await phone.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await phone.page.getByText("Plot beats, first draft").count()).toBe(0);
    const phoneRow = row(phone.page, "story-beats");
    await phoneRow.getByRole("button", { name: "Open" }).click();
    await phoneRow.getByRole("button", { name: "references/acts.md" }).click();
    await phoneRow.locator("pre").getByText("Act one: the egg.").waitFor();
    await eventually(
      () => (phone.problems.length === 0 && owner.problems.length === 0 ? true : null),
      5_000,
      `no page problems (${[...phone.problems, ...owner.problems].join("; ")})`,
    );
    await rig.screenshot(phone.page, "skills-360");
    await rig.screenshot(page, "skills-1280");
  });
});
