/**
 * The chat screen as a SillyTavern user uses it (issue [web-chat] "Must show"), in real Chromium
 * against wrangler dev with the scripted OpenAI-compatible model server (tests/peers/model-peer.ts):
 * the persona set in one browser names the sent message and reaches the model; the reply streams
 * into a second browser before it completes; Stop mid-stream keeps the text marked "Incomplete";
 * Regenerate, then swipes (arrow and touch gesture) through three alternatives and back; Continue
 * appends; a reply with Markdown and `<img src=x onerror=…>` renders formatted and runs nothing;
 * tool rows show collapsed under their reply and the "may have executed" banner is dismissed; a
 * 10,000-message chat opens with only a window of rows in the page and loads older ones on scroll.
 * Screenshots of a role-play chat at 390 and 1280 px are copied to docs/screenshots for the README.
 */
import { copyFile } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../e2e/wrangler";
import { startModelPeer, type ScriptStep } from "../peers/model-peer";
import type { PeerHandle } from "../peers/registry";
import { HAS_CHROMIUM, eventually, startRig, type IssuedDevice, type Rig, type RigPage, rigApi as api } from "./rig";
import { addScriptedConnection } from "./rig";

type Message = { messageId: string; role: string; name: string; text: string; swipes?: string[]; extra: any };

const lastMessage = (page: Page) => page.getByTestId("message").last();
const lastText = (page: Page) => lastMessage(page).getByTestId("message-text").innerText();

/** A touch swipe on `target` by `dx` CSS px (pointer events, as a finger sends them). */
async function touchSwipe(target: Locator, dx: number): Promise<void> {
  await target.evaluate((element, dx) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + Math.min(40, box.height / 2);
    const init = { bubbles: true, pointerId: 7, pointerType: "touch", isPrimary: true, clientY: y };
    element.dispatchEvent(new PointerEvent("pointerdown", { ...init, clientX: x }));
    element.dispatchEvent(new PointerEvent("pointermove", { ...init, clientX: x + dx / 2 }));
    element.dispatchEvent(new PointerEvent("pointerup", { ...init, clientX: x + dx }));
  }, dx);
}

describe.skipIf(!HAS_CHROMIUM)("web: the chat screen (streaming, swipes, Markdown, personas)", () => {
  let rig: Rig;
  let model: PeerHandle;
  let owner: RigPage & { device: IssuedDevice };
  let phone: RigPage & { device: IssuedDevice };
  let chatId = "";
  let roleplayChatId = "";
  const scriptId = `web-chat-${Date.now()}`;
  const token = () => owner.device.deviceToken;
  const script = async (steps: ScriptStep[]) => {
    const loaded = await fetch(`${model.url}/__script`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: scriptId, steps }),
    });
    expect(loaded.status).toBe(201);
  };
  const messages = async () =>
    (await api<{ messages: Message[] }>(rig, token(), "GET", `/chats/${chatId}/messages?limit=200`)).messages;
  const send = async (page: Page, text: string) => {
    await page.getByLabel("Your message").fill(text);
    await page.getByRole("button", { name: "Send", exact: true }).click();
  };
  const idle = (page: Page) => page.getByRole("button", { name: "Send", exact: true }).waitFor({ timeout: 20_000 });

  beforeAll(async () => {
    [rig, model] = await Promise.all([startRig(), startModelPeer()]);
    const [first] = await rig.signedInPages(1);
    owner = first!;
    phone = {
      ...(await rig.signedInPage(await rig.pairDevice(token(), "Phone"), { width: 390, height: 844 })),
      device: owner.device,
    };
    await addScriptedConnection(rig, token(), model.url, scriptId);
    const chat = await api<{ id: string }>(rig, token(), "POST", "/chats", {
      title: "Moonlit tavern",
      systemPrompt: "You are Seraphina, a kind forest guardian. Write vivid role-play.",
      character: { name: "Seraphina", description: "A guardian of the glade." },
    });
    chatId = chat.id;
  });

  afterAll(async () => {
    await rig?.close();
    await model?.close();
  });

  it("the persona names the sent message; the reply streams into a second browser before it completes", async () => {
    const { page } = owner;
    await page.goto(`${rig.url}/chats/${chatId}`);
    await page.getByTestId("chat-heading").getByText("Moonlit tavern").waitFor();
    await phone.page.goto(`${rig.url}/chats/${chatId}`);
    await phone.page.getByTestId("chat-heading").getByText("Moonlit tavern").waitFor();

    // Persona for all chats, set from the chat page; the phone hears it live.
    await page.getByRole("button", { name: "Change persona" }).click();
    await page.getByLabel("Persona name").fill("Lin");
    await page.getByLabel(/^Persona description/).fill("A travelling scholar with ink-stained hands.");
    await page.getByLabel("All my chats").check();
    await page.getByRole("button", { name: "Save persona" }).click();
    await page.getByTestId("persona-panel").getByText("You play as Lin").waitFor();
    await phone.page.getByTestId("persona-panel").getByText("You play as Lin").waitFor();

    const reply = '*She looks up from the fire.* "Welcome, Lin. Sit, the night is cold." The embers crackle softly.';
    await script([{ text: reply, chunkDelayMs: 900 }]);
    await send(page, "Good evening! *bows politely*");

    // On the phone: part of the reply while it still streams, then the whole reply once.
    const live = phone.page.getByTestId("live-reply");
    const partial = await eventually(
      async () => {
        const text = await live.getByTestId("message-text").innerText({ timeout: 200 });
        return text.length > 0 ? text : null;
      },
      20_000,
      "streamed text on the phone",
    );
    expect(reply.replace(/\*/g, "").startsWith(partial!.replace(/\n/g, " ").trim().slice(0, 10))).toBe(true);
    expect(await live.count()).toBe(1);
    await eventually(async () => (await live.count()) === 0, 20_000, "live reply replaced by the saved message");
    expect(await lastText(phone.page)).toBe(
      'She looks up from the fire. "Welcome, Lin. Sit, the night is cold." The embers crackle softly.',
    );
    expect(await lastMessage(phone.page).locator("em").first().innerText()).toBe("She looks up from the fire.");

    const saved = await messages();
    expect(saved.map((m) => [m.role, m.name])).toEqual([
      ["user", "Lin"],
      ["assistant", "Seraphina"],
    ]);
    await page.getByTestId("message").first().getByText("Lin", { exact: true }).waitFor();
    const requests = (await (await fetch(`${model.url}/__requests?script=${scriptId}`)).json()) as any;
    expect(requests.requests.at(-1).body.messages[0].content).toContain(
      "User persona: Lin\nA travelling scholar with ink-stained hands.",
    );
    expect([...owner.problems, ...phone.problems]).toEqual([]);
  });

  it("Stop mid-stream keeps the text so far, marked Incomplete, on both devices", async () => {
    const { page } = owner;
    await script([
      { text: "The wind howls through the trees and the lanterns sway, casting long shadows.", chunkDelayMs: 4000 },
    ]);
    await send(page, "What was that sound?");
    await eventually(
      async () => (await page.getByTestId("live-reply").getByTestId("message-text").count()) > 0,
      20_000,
      "first piece streamed",
    );
    await page.getByRole("button", { name: "Stop", exact: true }).click();
    await lastMessage(page).getByTestId("partial-badge").waitFor({ timeout: 20_000 });
    await lastMessage(phone.page).getByTestId("partial-badge").waitFor({ timeout: 20_000 });
    const last = (await messages()).at(-1)!;
    expect(last.role).toBe("assistant");
    expect(last.extra.tauritavern.partial).toBe(true);
    expect(last.text.length).toBeGreaterThan(0);
    expect(last.text.length).toBeLessThan(60);
    await idle(page);
  });

  it("Regenerate, then swipes through three alternatives (arrows and touch), and Continue", async () => {
    const { page } = owner;
    await script([
      { text: "First take." },
      { text: "Second take." },
      { text: "Third take." },
      { text: " And then silence." },
    ]);
    const before = (await messages()).length;
    await page.getByRole("button", { name: "Regenerate" }).click();
    await eventually(async () => (await lastText(page)) === "First take.", 20_000, "regenerated reply");
    await idle(page);
    expect((await messages()).length).toBe(before);

    await lastMessage(page).getByRole("button", { name: "New alternative" }).click();
    await eventually(async () => (await lastText(page)) === "Second take.", 20_000, "second alternative");
    await idle(page);
    expect(await lastMessage(page).getByTestId("swipe-counter").innerText()).toBe("2/2");

    // On the phone: a finger swipe to the left past the last alternative asks for a new one.
    await idle(phone.page);
    await touchSwipe(lastMessage(phone.page), -140);
    await eventually(async () => (await lastText(phone.page)) === "Third take.", 20_000, "third alternative (gesture)");
    await idle(phone.page);
    expect(await lastMessage(phone.page).getByTestId("swipe-counter").innerText()).toBe("3/3");

    // Back through them: arrow, gesture to the right, then forward again.
    await eventually(async () => (await lastText(page)) === "Third take.", 20_000, "third alternative on the laptop");
    await lastMessage(page).getByRole("button", { name: "Previous alternative" }).click();
    await eventually(async () => (await lastText(page)) === "Second take.", 10_000, "back to 2");
    await touchSwipe(lastMessage(phone.page), 140);
    await eventually(async () => (await lastText(phone.page)) === "First take.", 10_000, "back to 1 (gesture)");
    await eventually(async () => (await lastText(page)) === "First take.", 10_000, "1 on the laptop");
    await lastMessage(page).getByRole("button", { name: "Next alternative" }).click();
    await eventually(async () => (await lastText(page)) === "Second take.", 10_000, "forward to 2");
    expect((await messages()).at(-1)!.swipes).toEqual(["First take.", "Second take.", "Third take."]);

    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await eventually(
      async () => (await lastText(page)) === "Second take. And then silence.",
      20_000,
      "continued reply",
    );
    await idle(page);
    expect([...owner.problems, ...phone.problems]).toEqual([]);
  });

  it("a reply with Markdown and <img src=x onerror=…> renders formatted and runs nothing", async () => {
    const { page } = owner;
    const hostile = [
      "## The old map",
      '**Bold** words, an *action*, and "spoken words".',
      "",
      "```js",
      "const glade = 'safe';",
      "```",
      "",
      "- first\n- second",
      "",
      '<img src=x onerror="window.__pwned = 1"> <script>window.__pwned = 2</script>',
      '[a link](javascript:window.__pwned=3) <a href="#" onclick="window.__pwned=4">click</a>',
    ].join("\n");
    await script([{ text: hostile }]);
    await send(page, "Show me the map.");
    const body = lastMessage(page).getByTestId("message-text");
    await body.locator("h2", { hasText: "The old map" }).waitFor({ timeout: 20_000 });
    await idle(page);
    expect(await body.locator("strong").first().innerText()).toBe("Bold");
    expect(await body.locator("em").first().innerText()).toBe("action");
    expect(await body.locator(".md-quote").first().innerText()).toBe('"spoken words"');
    expect(await body.locator("pre code").innerText()).toContain("const glade = 'safe';");
    expect(await body.locator("li").count()).toBe(2);
    expect(await body.locator("script, img, [onerror], [onclick], [href^='javascript']").count()).toBe(0);
    await body.getByText("click", { exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.getByRole("button", { name: "Edit message" }).last().click();
    expect(await page.getByRole("textbox", { name: /^Edit message/ }).inputValue()).toBe(hostile);
    await page.getByRole("button", { name: "Cancel" }).click();
    // Chromium reports a CSP violation for each inline handler the sanitizer's inert parse sees
    // (it never runs: the attribute is removed before the text reaches the page). Anything else is a problem.
    for (const opened of [owner, phone]) {
      expect(opened.problems.filter((p) => !/inline event handler/.test(p))).toEqual([]);
      opened.problems.length = 0;
    }
  });

  it("tool rows sit collapsed under their reply; the may-have-executed banner is dismissed everywhere; screenshots", async () => {
    const chat = await api<{ id: string }>(rig, token(), "POST", "/chats", {
      title: "Eldergrove at dusk",
      systemPrompt: "Role-play as Seraphina.",
      character: { name: "Seraphina", description: "A guardian of the glade." },
    });
    const post = (body: Record<string, unknown>) => api(rig, token(), "POST", `/chats/${chat.id}/messages`, body);
    await post({
      role: "assistant",
      text: '*The glade is quiet. Seraphina kneels beside a sleeping fox and looks up as you arrive.* "Ah, a traveller. You walked far tonight."',
    });
    await post({
      role: "user",
      text: "*shakes the rain off my cloak* Can you tell what the weather will do over the glade?",
    });
    await post({
      role: "assistant",
      text: "*Seraphina closes her eyes and listens to the wind.*",
      toolCalls: [
        { id: "call_w1", name: "mcp__Weather__forecast", arguments: '{"place":"Eldergrove glade","days":1}' },
      ],
    });
    await post({
      role: "tool",
      name: "forecast (Weather)",
      toolCallId: "call_w1",
      text: JSON.stringify({
        outcome: "known_response",
        response: { textBlocks: [{ text: "Clear skies, 12 °C, light wind from the north." }] },
      }),
      extra: {
        tauritavern: {
          tool: {
            toolId: "srv_weather:forecast",
            alias: "mcp__Weather__forecast",
            executionCallId: "x1",
            isError: false,
          },
        },
      },
    });
    await post({
      role: "assistant",
      text: '*She smiles and opens her eyes.* "Clear skies tonight, **twelve degrees**, and a gentle northern breeze. Perfect for stargazing."\n\n> The forest hums a quiet song.',
      extra: {
        tauritavern: {
          outcomeUnknown: [
            {
              callId: "call_w2",
              toolId: "srv_weather:alert",
              alias: "mcp__Weather__alert",
              at: "2026-12-01T18:00:00Z",
            },
          ],
        },
      },
    });
    roleplayChatId = chat.id;
    for (const { page } of [owner, phone]) {
      await page.goto(`${rig.url}/chats/${chat.id}`);
      await page.getByTestId("outcome-banner").waitFor({ timeout: 15_000 });
    }
    const { page } = owner;
    const row = page.getByTestId("tool-row");
    expect(await row.locator("summary").innerText()).toMatch(/forecast\s*·\s*Weather\s*done/);
    expect(await row.getByTestId("tool-result").isVisible()).toBe(false);
    for (const [rigPage, width] of [
      [owner, 1280],
      [phone, 390],
    ] as const) {
      const file = await rig.screenshot(rigPage.page, `chat-roleplay-${width}`);
      await copyFile(file, path.join(ROOT, "docs", "screenshots", `chat-roleplay-${width}.png`));
    }
    await row.locator("summary").click();
    expect(await row.getByTestId("tool-arguments").innerText()).toContain('"place": "Eldergrove glade"');
    expect(await row.getByTestId("tool-result").innerText()).toContain("Clear skies, 12 °C");

    await page.getByTestId("outcome-banner").getByRole("button", { name: "Dismiss" }).click();
    await eventually(
      async () => (await phone.page.getByTestId("outcome-banner").count()) === 0,
      15_000,
      "banner gone on the phone",
    );
    const saved = await api<{ messages: Message[] }>(rig, token(), "GET", `/chats/${chat.id}/messages?limit=10`);
    expect(saved.messages.at(-1)!.extra.tauritavern?.outcomeUnknown).toBeUndefined();
    expect([...owner.problems, ...phone.problems]).toEqual([]);
  });

  it("a reply's reasoning stays with the saved message, folded, on the phone and the desktop", async () => {
    const chat = await api<{ id: string }>(rig, token(), "POST", "/chats", {
      title: "Quiet library",
      character: { name: "Seraphina", description: "A guardian of the glade." },
    });
    const { page } = owner;
    for (const p of [page, phone.page]) {
      await p.goto(`${rig.url}/chats/${chat.id}`);
      await p.getByTestId("chat-heading").getByText("Quiet library").waitFor();
    }
    const thought = "她先想了想：这位旅人是否友善？ Then she decides to trust him.";
    await script([{ reasoning: thought, text: "Seraphina smiles and offers tea." }]);
    await send(page, "Who are you?");
    for (const p of [page, phone.page]) {
      await eventually(
        async () =>
          (await p.getByTestId("live-reply").count()) === 0 &&
          (await lastText(p)) === "Seraphina smiles and offers tea.",
        20_000,
        "the saved reply",
      );
      const folded = lastMessage(p).getByTestId("message-reasoning");
      await folded.waitFor();
      expect(await folded.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      await folded.getByText("Reasoning", { exact: true }).click();
      expect(await folded.locator(".message-reasoning").innerText()).toBe(thought);
    }
    // A message without reasoning shows no fold.
    expect(await page.getByTestId("message").first().getByTestId("message-reasoning").count()).toBe(0);

    // A new alternative without reasoning shows none (not the first one's).
    await idle(page);
    await script([
      { text: "Second take." },
      {
        text: "Third take.",
        reasoning: `Read https://example.com/${"very-long-path-".repeat(12)}end first.`,
        chunkDelayMs: 400,
      },
    ]);
    await lastMessage(page).getByRole("button", { name: "New alternative" }).click();
    await eventually(async () => (await lastText(page)) === "Second take.", 20_000, "second alternative");
    await idle(page);
    expect(await lastMessage(page).getByTestId("message-reasoning").count()).toBe(0);

    // A third one with reasoning: it shows as it streams, then folded, on the alternative it belongs to.
    await lastMessage(page).getByRole("button", { name: "New alternative" }).click();
    await lastMessage(phone.page).locator("p.message-reasoning").getByText("Read https").waitFor({ timeout: 20_000 });
    await idle(page);
    for (const p of [page, phone.page]) {
      await eventually(async () => (await lastText(p)) === "Third take.", 20_000, "third alternative");
      await lastMessage(p).getByTestId("message-reasoning").waitFor();
    }
    // At 390 px the long reasoning wraps inside the message.
    await lastMessage(phone.page).getByTestId("message-reasoning").getByText("Reasoning", { exact: true }).click();
    const fits = await lastMessage(phone.page).evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(fits).toBe(true);
    await lastMessage(page).getByRole("button", { name: "Previous alternative" }).click();
    await eventually(async () => (await lastText(page)) === "Second take.", 10_000, "back to 2");
    expect(await lastMessage(page).getByTestId("message-reasoning").count()).toBe(0);
    expect([...owner.problems, ...phone.problems]).toEqual([]);
  });

  it("a 10,000-message chat opens with only a window of rows and loads older ones on scroll", async () => {
    const importChat = async (count: number) => {
      const lines = [
        JSON.stringify({
          user_name: "Wanderer",
          character_name: "Chronicler",
          create_date: "2024-01-01@00h00m00s",
          chat_metadata: {},
        }),
      ];
      for (let i = 1; i <= count; i++)
        lines.push(
          JSON.stringify({
            name: i % 2 ? "Wanderer" : "Chronicler",
            is_user: i % 2 === 1,
            is_system: false,
            send_date: "2024-01-01",
            mes: `Entry ${i}: *the story goes on*`,
            extra: {},
          }),
        );
      const imported = await fetch(`${rig.url}/api/v1/chats/import`, {
        method: "POST",
        headers: { authorization: `Bearer ${token()}`, "content-type": "application/x-ndjson" },
        body: lines.join("\n"),
      });
      expect(imported.status).toBe(201);
      return ((await imported.json()) as { id: string }).id;
    };
    const bigId = await importChat(10_000);
    const smallId = await importChat(12);
    // A device opened now, as a user opens the app. (The owner's page, open since the file's first
    // test, gets an animation frame only every ~650 ms from headless Chromium by this point, and
    // the list needs several frames to show rows: that measured the browser, not the app.)
    const fresh = await rig.signedInPage(owner.device);
    const { page } = fresh;
    // Time from navigation to the last message on screen; the baseline is a 12-message chat opened
    // the same way in the same run (a loaded machine slows both alike). Best of two each.
    const openMs = async (id: string, lastText: string) => {
      const started = Date.now();
      await page.goto(`${rig.url}/chats/${id}`);
      await page.getByTestId("message-text").getByText(lastText, { exact: true }).first().waitFor({ timeout: 30_000 });
      return Date.now() - started;
    };
    const small = Math.min(
      await openMs(smallId, "Entry 12: the story goes on"),
      await openMs(smallId, "Entry 12: the story goes on"),
    );
    const bigMs = Math.min(
      await openMs(bigId, "Entry 10000: the story goes on"),
      await openMs(bigId, "Entry 10000: the story goes on"),
    );
    console.log(
      `open to last message: 10,000-message chat ${bigMs} ms, 12-message chat ${small} ms (ratio ${(bigMs / small).toFixed(2)})`,
    );
    expect(bigMs).toBeLessThan(small * 2 + 500);
    expect(await page.getByTestId("message").count()).toBeLessThan(60);
    expect(await page.getByTestId("persona-panel").innerText()).toContain("You play as Wanderer");

    // Scrolling to the top loads the page before the first one loaded.
    const scroller = page.getByTestId("message-list").locator("[data-virtuoso-scroller]");
    expect(await scroller.count()).toBe(1);
    // (Each scroll to the top may load one more page; earlier rows then leave the window again.)
    const lowestEntry = async () =>
      Math.min(
        ...(await page.getByTestId("message-text").allInnerTexts()).map((t) =>
          Number(/^Entry (\d+)/.exec(t)?.[1] ?? 1e9),
        ),
      );
    expect(await lowestEntry()).toBeGreaterThan(9900);
    await eventually(
      async () => {
        await scroller.evaluate((el) => el.scrollTo(0, 0), undefined, { timeout: 2000 });
        return (await lowestEntry()) <= 9950;
      },
      30_000,
      "older page loaded on scroll",
    );
    expect([...owner.problems, ...fresh.problems]).toEqual([]);
  });
});
