/**
 * The Characters screen in real Chromium against wrangler dev (issue [characters-lore] "Must
 * show"): a PNG card made here is imported through the file picker, the editor shows its avatar
 * (decoded, not broken), "Start a chat" opens a chat whose first message is the card's greeting
 * (with its alternate greeting as a swipe), the chat page's picker names the character, and the
 * library grid shows the avatar. A JPEG chosen as the new picture previews, is saved (as PNG)
 * and shows on a second device without reloading. Screenshots at 360 and 1280 px.
 */
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardPng, v2Card } from "../integration/characters/card-files";
import { HAS_CHROMIUM, eventually, startRig, type IssuedDevice, type Rig, type RigPage } from "./rig";

const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });

/** True once the avatar <img> has decoded a real image. */
async function avatarDecoded(page: Page): Promise<boolean> {
  return (await avatarWidth(page)) > 0;
}

/** The decoded width of the first avatar <img> (0 while none is decoded). */
async function avatarWidth(page: Page, testId = "character-avatar"): Promise<number> {
  return page
    .getByTestId(testId)
    .first()
    .evaluate((img) => ((img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0), undefined, {
      timeout: 1000,
    });
}

describe.skipIf(!HAS_CHROMIUM)("web: characters", () => {
  let rig: Rig;
  let owner: RigPage & { device: IssuedDevice };

  beforeAll(async () => {
    rig = await startRig();
    [owner] = (await rig.signedInPages(1)) as [RigPage & { device: IssuedDevice }];
  });

  afterAll(async () => {
    await rig?.close();
  });

  it("imports a card PNG, starts a chat with it (first message posted) and shows the avatar", async () => {
    const { page } = owner;
    const file = path.join(tmpdir(), `seraphina-${Date.now()}.png`);
    await writeFile(file, cardPng({ chara: v2Card("Seraphina") }));

    await nav(page, "Characters").click();
    await page.getByRole("heading", { name: "Characters", level: 1 }).waitFor();
    await page.getByText("No characters yet. Import a card to start.").waitFor();
    await page.getByTestId("character-import-input").setInputFiles(file);

    await page.getByRole("heading", { name: "Seraphina", level: 1 }).waitFor();
    await eventually(() => avatarDecoded(page), 15_000, "the editor's avatar decoded");
    expect(await page.getByLabel("Description").inputValue()).toBe("A guardian of the forest.");
    await page.getByRole("link", { name: "Open its lorebook" }).waitFor();
    await rig.screenshot(page, "character-editor-1280");

    await page.getByRole("button", { name: "Start a chat" }).click();
    await page.waitForURL(/\/chats\/[^/]+$/);
    await page.getByTestId("chat-heading").getByText("Seraphina").waitFor();
    const messages = page.getByRole("list", { name: "Messages" });
    // Rendered as Markdown: the *action* in italics.
    await messages.getByText("Seraphina smiles. Welcome, traveler.").waitFor();
    await messages.locator("em", { hasText: "Seraphina smiles." }).waitFor();
    expect(await messages.getByRole("listitem").count()).toBe(1);
    const picker = page.getByLabel("Character", { exact: true });
    await eventually(
      async () => (await picker.locator("option:checked").textContent()) === "Seraphina",
      15_000,
      "picker",
    );

    await nav(page, "Characters").click();
    await page.getByRole("link", { name: "Open Seraphina" }).waitFor();
    await eventually(() => avatarDecoded(page), 15_000, "the grid's avatar decoded");
    await page.setViewportSize({ width: 360, height: 780 });
    await rig.screenshot(page, "characters-360");
  });

  it("a JPEG chosen as the picture previews, saves as PNG and shows on another device at once", async () => {
    const { page } = owner;
    const other = await rig.signedInPage(await rig.pairDevice(owner.device.deviceToken, "Phone"), {
      width: 360,
      height: 780,
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("link", { name: "Open Seraphina" }).click();
    await page.getByRole("heading", { name: "Seraphina", level: 1 }).waitFor();
    const editorUrl = page.url();
    await other.page.goto(editorUrl);
    await other.page.getByRole("heading", { name: "Seraphina", level: 1 }).waitFor();
    // The imported card's picture is 2×2.
    await eventually(async () => (await avatarWidth(other.page)) === 2, 15_000, "the card's picture on the phone");

    // A 64×48 JPEG made by the browser itself.
    const jpeg = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 64;
      canvas.height = 48;
      const g = canvas.getContext("2d")!;
      g.fillStyle = "#2a6";
      g.fillRect(0, 0, 64, 48);
      return canvas.toDataURL("image/jpeg", 0.9).split(",")[1]!;
    });
    const file = path.join(tmpdir(), `portrait-${Date.now()}.jpg`);
    await writeFile(file, Buffer.from(jpeg, "base64"));
    await page.getByRole("button", { name: "Change picture" }).click();
    await page.getByTestId("avatar-input").setInputFiles(file);
    await eventually(async () => (await avatarWidth(page, "avatar-preview")) === 64, 15_000, "the preview");
    await rig.screenshot(page, "character-editor-picture-1280");
    await page.getByRole("button", { name: "Use this picture" }).click();
    await page.getByText("Picture saved.").waitFor();
    await eventually(async () => (await avatarWidth(page)) === 64, 15_000, "the saved picture here");
    await eventually(async () => (await avatarWidth(other.page)) === 64, 15_000, "the new picture on the phone");
    await rig.screenshot(other.page, "character-editor-360");

    // Stored as a PNG (the avatar route answers image/png with the new picture's bytes).
    const stored = await fetch(`${rig.url}/api/v1/characters/${editorUrl.split("/").at(-1)}/avatar`, {
      headers: { authorization: `Bearer ${owner.device.deviceToken}` },
    });
    expect(stored.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await stored.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    // A file that is not a picture is refused in words, nothing uploaded.
    const text = path.join(tmpdir(), `notes-${Date.now()}.txt`);
    await writeFile(text, "not a picture");
    await page.getByRole("button", { name: "Change picture" }).click();
    await other.page.getByRole("button", { name: "Change picture" }).click();
    await rig.screenshot(other.page, "character-editor-picker-360");
    await page.getByTestId("avatar-input").setInputFiles(text);
    await page.getByRole("alert").getByText("Choose a PNG, JPEG or WebP picture.").waitFor();
    expect([...owner.problems, ...other.problems]).toEqual([]);
  });

  it("importing the same card again offers Open the existing one or Import as a copy; a photo is named a JPEG", async () => {
    const { page } = owner;
    const file = path.join(tmpdir(), `seraphina-again-${Date.now()}.png`);
    await writeFile(file, cardPng({ chara: v2Card("Seraphina") }));
    await nav(page, "Characters").click();
    await page.getByRole("link", { name: "Open Seraphina" }).waitFor();
    await page.getByTestId("character-import-input").setInputFiles(file);
    const choice = page.getByTestId("duplicate-import");
    await choice.getByText("This card is already in your library as “Seraphina”.").waitFor();
    // A question, not a failure: a neutral notice, not the red error box.
    expect(await choice.getAttribute("role")).toBe("status");
    expect(await choice.evaluate((el) => el.classList.contains("error-note"))).toBe(false);
    await choice.getByRole("button", { name: "Open the existing one" }).click();
    await page.getByRole("heading", { name: "Seraphina", level: 1 }).waitFor();

    await nav(page, "Characters").click();
    await page.getByTestId("character-import-input").setInputFiles(file);
    await choice.getByRole("button", { name: "Import as a copy" }).click();
    await page.getByRole("heading", { name: "Seraphina", level: 1 }).waitFor();
    await nav(page, "Characters").click();
    await eventually(
      async () => (await page.getByRole("link", { name: "Open Seraphina" }).count()) === 2,
      15_000,
      "two Seraphinas in the grid",
    );

    const photo = path.join(tmpdir(), `photo-${Date.now()}.jpg`);
    await writeFile(photo, Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]));
    await page.getByTestId("character-import-input").setInputFiles(photo);
    await page
      .getByRole("alert")
      .getByText(/This file is in JPEG format, not a character card/)
      .waitFor();
  });
});
