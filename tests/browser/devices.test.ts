/**
 * Issue #7 (web-shell) in real Chromium against wrangler dev: first run from the setup link,
 * pairing a second browser from the QR link, live rename, revocation signing the other browser
 * out, and the offline indicator while the server is down. Saves device-screen screenshots at
 * 360 px and 1280 px.
 */
import QRCode from "qrcode";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_KEY } from "../../web/src/session/session-store";
import { HAS_CHROMIUM, SETUP_TOKEN, eventually, startRig, type Rig, type RigPage } from "./rig";

const storedSession = (page: Page) => page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
const row = (page: Page, name: string) =>
  page.getByTestId("device-row").filter({ has: page.getByTestId("device-name").getByText(name, { exact: true }) });
/** The dark/light modules a QR code of `text` has (qrcode's own matrix), as rows of "1"/"0". */
function qrModulesOf(text: string): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const rows: string[] = [];
  for (let r = 0; r < modules.size; r++) {
    let line = "";
    for (let c = 0; c < modules.size; c++) line += modules.get(r, c) ? "1" : "0";
    rows.push(line);
  }
  return rows;
}

/** Reads the QR image on the page back into `size`×`size` modules by sampling each module's centre pixel. */
async function qrModulesShown(page: Page, size: number): Promise<string[]> {
  const img = page.getByRole("img", { name: "QR code of the pairing link" });
  await img.waitFor();
  return img.evaluate((element, size) => {
    const image = element as HTMLImageElement;
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(image, 0, 0);
    const { data, width } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const dark = (x: number, y: number) => data[(Math.floor(y) * width + Math.floor(x)) * 4]! < 128;
    // Quiet zone: find the first dark pixel on the diagonal (top-left finder pattern corner).
    let start = 0;
    while (start < width && !dark(start, start)) start++;
    // The top-left finder pattern's top edge, to where the quiet zone starts again.
    let end = start;
    while (end < width && dark(end, start)) end++;
    // The top-right finder's outer edge closes the symbol.
    let right = width - 1;
    while (right > end && !dark(right, start)) right--;
    const module = (right - start + 1) / size;
    const rows: string[] = [];
    for (let r = 0; r < size; r++) {
      let line = "";
      for (let c = 0; c < size; c++) line += dark(start + (c + 0.5) * module, start + (r + 0.5) * module) ? "1" : "0";
      rows.push(line);
    }
    return rows;
  }, size);
}

const deviceNames = (page: Page) => page.getByTestId("device-name").allTextContents();

describe.skipIf(!HAS_CHROMIUM)("web shell: devices, pairing and the live socket", () => {
  let rig: Rig;
  let owner: RigPage;
  let second: RigPage;

  beforeAll(async () => {
    rig = await startRig();
  });

  afterAll(async () => {
    await rig?.close();
  });

  it("a wrong setup link shows the server's error and signs nobody in", async () => {
    const { page, problems } = await rig.openPage();
    await page.goto(`${rig.url}/#setup=not-the-token`);
    await page.getByRole("button", { name: "Create owner account" }).click();
    await page.getByRole("alert").filter({ hasText: "auth.token_invalid" }).waitFor();
    expect(await storedSession(page)).toBeNull();
    expect(problems).toEqual([]);
  });

  it("first run: the printed setup link creates the owner, drops the token from the URL and shows the devices", async () => {
    owner = await rig.openPage();
    const { page } = owner;
    await page.goto(`${rig.url}/#setup=${SETUP_TOKEN}`);
    await page.getByRole("heading", { name: "Set up TavernEdge" }).waitFor();
    expect(page.url()).not.toContain(SETUP_TOKEN);
    // Every use of the link makes another account: the page says so and points to pairing.
    expect(await page.getByRole("note").textContent()).toContain("new, separate account");
    await page.getByLabel("Name this device").fill("Owner laptop");
    await page.getByRole("button", { name: "Create owner account" }).click();
    await page.getByRole("heading", { name: "Devices", level: 1 }).waitFor();
    await row(page, "Owner laptop").getByText("This device").waitFor();
    expect(new URL(page.url()).pathname).toBe("/devices");
    expect(page.url()).not.toContain(SETUP_TOKEN);
    expect(JSON.parse((await storedSession(page))!)).toMatchObject({ deviceToken: expect.stringMatching(/^tte_/) });
    await page.locator('[data-testid="connection-status"][data-status="online"]').waitFor();
    expect(await page.getByTestId("connection-status").textContent()).toContain("Live");
    expect(owner.problems).toEqual([]);
  });

  it("pairs a second browser from the QR link, and the first sees it appear live", async () => {
    const { page } = owner;
    await page.getByRole("button", { name: "Create pairing link" }).click();
    const link = await page.getByTestId("pairing-link").inputValue();
    expect(link).toMatch(new RegExp(`^${rig.url}/#pair=[0-9a-f]{32}\\.`));
    // The QR image shows exactly the modules of that link's QR code.
    const expected = qrModulesOf(link);
    expect(await qrModulesShown(page, expected.length)).toEqual(expected);
    await rig.screenshot(page, "devices-pairing-1280");

    second = await rig.openPage({ width: 360, height: 740 });
    await second.page.goto(link);
    await second.page.getByRole("heading", { name: "Pair this device" }).waitFor();
    expect(second.page.url()).not.toContain("#pair=");
    await second.page.getByLabel("Device name").fill("Phone");
    await rig.screenshot(second.page, "pair-360");
    await second.page.getByRole("button", { name: "Pair and sign in" }).click();
    await row(second.page, "Phone").getByText("This device").waitFor();
    await row(second.page, "Owner laptop").waitFor();

    await row(page, "Phone").waitFor();
    await page.getByText("Paired “Phone”.").waitFor();
    expect(await row(page, "Phone").getByText("This device").count()).toBe(0);
    expect(second.problems).toEqual([]);
  });

  it("a rename in one browser shows in the other without a reload", async () => {
    await second.page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const { page } = owner;
    await row(page, "Phone").getByRole("button", { name: "Rename Phone" }).click();
    await page.getByLabel("New name for “Phone”").fill("Kitchen tablet");
    await page.getByRole("button", { name: "Save" }).click();
    await row(page, "Kitchen tablet").waitFor();
    await row(second.page, "Kitchen tablet").getByText("This device").waitFor();
    expect(await second.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // And the other way round, by keyboard only: focus lands back on the row's Rename button.
    await row(second.page, "Owner laptop").getByRole("button", { name: "Rename Owner laptop" }).focus();
    await second.page.keyboard.press("Enter");
    await second.page.getByLabel("New name for “Owner laptop”").fill("Desk PC");
    await second.page.keyboard.press("Enter");
    await row(page, "Desk PC").getByText("This device").waitFor();
    await eventually(
      () => second.page.evaluate(() => document.activeElement?.getAttribute("aria-label") === "Rename Desk PC"),
      5000,
      "focus back on Rename",
    );
  });

  it("saves the device screen at phone and desktop width", async () => {
    await rig.screenshot(owner.page, "devices-1280");
    await rig.screenshot(second.page, "devices-360");
    const dark = await rig.signedInPage(JSON.parse((await storedSession(owner.page))!), {
      width: 360,
      height: 740,
      colorScheme: "dark",
    });
    await row(dark.page, "Desk PC").waitFor();
    await dark.page.locator('[data-testid="connection-status"][data-status="online"]').waitFor();
    await rig.screenshot(dark.page, "devices-360-dark");
    await dark.context.close();
  });

  it("revoking the second device signs that browser out at once", async () => {
    const { page } = owner;
    const secondToken = JSON.parse((await storedSession(second.page))!).deviceToken as string;
    await row(page, "Kitchen tablet").getByRole("button", { name: "Revoke Kitchen tablet" }).click();
    await page.getByRole("button", { name: "Revoke device" }).click();
    await row(page, "Kitchen tablet").getByText("Revoked").waitFor();

    await second.page.getByRole("heading", { name: "Sign in" }).waitFor();
    await second.page.getByText("This device was signed out from another device.", { exact: true }).waitFor();
    expect(await storedSession(second.page)).toBeNull();
    // Said once, on the sign-in page: no extra error toast about the revoked token.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await second.page.locator(".toast-error").count()).toBe(0);
    await rig.screenshot(second.page, "signed-out-360");
    const refused = await fetch(`${rig.url}/api/v1/devices`, { headers: { authorization: `Bearer ${secondToken}` } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("auth.token_revoked");
  });

  it("signs in by pasting a device token, and sign-out revokes that token", async () => {
    const ownerToken = JSON.parse((await storedSession(owner.page))!).deviceToken as string;
    const pasted = await rig.pairDevice(ownerToken, "Pasted browser");
    // A name full of markup is shown as text, never parsed as HTML.
    const hostile = `<img src=x onerror="window.pwned=1"><b>bold</b>`;
    await rig.pairDevice(ownerToken, hostile);
    await row(owner.page, hostile).waitFor();
    expect(await row(owner.page, hostile).locator("img, b").count()).toBe(0);
    expect(await owner.page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    const { page, problems } = await rig.openPage({ width: 360, height: 740 });
    await page.goto(`${rig.url}/`);
    await page.getByLabel("Device token").fill("tte_not-a-token");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "auth.token_invalid" }).waitFor();
    await page.getByLabel("Device token").fill(pasted.deviceToken);
    await page.getByRole("button", { name: "Sign in" }).click();
    await row(page, "Pasted browser").getByText("This device").waitFor();
    expect(await page.content()).not.toContain(pasted.deviceToken);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("group", { name: "Confirm sign out" }).getByRole("button", { name: "Sign out" }).click();
    await page.getByText("You signed out.").waitFor();
    await row(owner.page, "Pasted browser").getByText("Revoked").waitFor();
    expect(problems).toEqual([]);
  });

  it("every navigation entry opens a real screen: no placeholder is left", async () => {
    const { page } = owner;
    const nav = page.getByRole("navigation", { name: "Main" });
    const links = nav.getByRole("link");
    const count = await links.count();
    expect(count).toBe(10);
    for (const name of ["Skills", "Characters", "World Info", "Settings"])
      expect(await nav.getByRole("link", { name, exact: true }).count(), name).toBe(1);
    expect(await nav.getByRole("link", { name: /coming soon/i }).count()).toBe(0);
    expect(await nav.getByText("soon", { exact: true }).count()).toBe(0);
    const visited: string[] = [];
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      const href = (await link.getAttribute("href"))!;
      visited.push(href);
      await link.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(href);
      await expect.poll(() => link.getAttribute("aria-current")).toBe("page");
      const main = page.getByRole("main");
      await main.getByRole("heading", { level: 1 }).first().waitFor();
      expect(
        await main.getByText(/coming soon|not built yet|Page not found/i).count(),
        `${href} is a real screen`,
      ).toBe(0);
    }
    // Back returns to the screen opened before the last one.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe(visited.at(-2));
    await page.getByRole("main").getByRole("heading", { level: 1 }).first().waitFor();
    await nav.getByRole("link", { name: "Devices", exact: true }).click();
    await page.getByRole("heading", { name: "Devices", level: 1 }).waitFor();
  });

  it("shows the offline indicator while the server is down and clears it when it returns", async () => {
    const { page } = owner;
    await page.locator('[data-testid="connection-status"][data-status="online"]').waitFor();
    await rig.dev.stop();
    await page.locator('[data-testid="connection-status"][data-status="offline"]').waitFor({ timeout: 45_000 });
    expect(await page.getByTestId("connection-status").textContent()).toContain("Offline");
    await rig.screenshot(page, "offline-1280");

    await rig.dev.restart();
    await page.locator('[data-testid="connection-status"][data-status="online"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId("connection-status").textContent()).toContain("Live");
    // Still signed in, and the data survived the restart.
    await eventually(async () => (await deviceNames(page)).includes("Desk PC"), 10_000, "device list after reconnect");
    expect(owner.problems).toEqual([]);
  });
});
