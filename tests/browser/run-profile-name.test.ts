/**
 * The runs screens name a run's profile as the user named it, in real Chromium against wrangler dev
 * with the scripted model server: a run of the profile "Story editor" shows "Story editor" on the
 * run page, in its journal ("Profile: Story editor") and in the runs list, never its id.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelPeer } from "../peers/model-peer";
import type { PeerHandle } from "../peers/registry";
import { HAS_CHROMIUM, addScriptedConnection, eventually, startRig, type Rig, rigApi as api } from "./rig";

const PROFILE_ID = "story-editor-7f3a";

describe.skipIf(!HAS_CHROMIUM)("web: a run names its profile", () => {
  let rig: Rig;
  let model: PeerHandle;
  let owner: Awaited<ReturnType<Rig["signedInPages"]>>[number];
  const scriptId = `run-profile-${Date.now()}`;
  const token = () => owner.device.deviceToken;

  beforeAll(async () => {
    [rig, model] = await Promise.all([startRig(), startModelPeer()]);
    owner = (await rig.signedInPages(1))[0]!;
  });

  afterAll(async () => {
    await rig?.close();
    await model?.close();
  });

  it("shows the profile's name, not its id, on the run page, in the journal and in the runs list", async () => {
    await addScriptedConnection(rig, token(), model.url, scriptId);
    const { profile } = await api<{ profile: Record<string, unknown> }>(
      rig,
      token(),
      "GET",
      "/agent/profiles/default-writer",
    );
    await api(rig, token(), "POST", "/agent/profiles", {
      profile: { ...profile, id: PROFILE_ID, displayName: "Story editor" },
    });
    const loaded = await fetch(`${model.url}/__script`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        id: scriptId,
        steps: [{ toolCalls: [{ id: "call_finish", name: "workspace_finish", arguments: '{"reason":"done"}' }] }],
      }),
    });
    expect(loaded.status).toBe(201);
    const chat = await api<{ id: string }>(rig, token(), "POST", "/chats", { title: "Edited tale" });
    await api(rig, token(), "POST", `/chats/${chat.id}/messages`, { role: "user", text: "Tidy the story." });
    const run = await api<{ runId: string }>(rig, token(), "POST", "/agent/runs", {
      stableChatId: chat.id,
      profileId: PROFILE_ID,
    });

    const { page } = owner;
    await page.goto(`${rig.url}/runs/${encodeURIComponent(run.runId)}`);
    await page.getByTestId("journal-line").filter({ hasText: "Profile: Story editor" }).waitFor({ timeout: 30_000 });
    await eventually(
      async () => (await page.getByTestId("run-profile").textContent()) === "Story editor",
      15_000,
      "the run page's profile named",
    );
    expect(await bodyText(page)).not.toContain(PROFILE_ID);

    await page.goto(`${rig.url}/runs`);
    const row = page.getByTestId("run-row").filter({ hasText: "Edited tale" });
    await row.getByText(/Story editor/).waitFor({ timeout: 15_000 });
    expect(await row.textContent()).not.toContain(PROFILE_ID);
    expect(owner.problems).toEqual([]);
  });
});

/** The page's visible text (links' addresses and ids in attributes are not text). */
function bodyText(page: Page): Promise<string> {
  return page.locator("main").innerText();
}
