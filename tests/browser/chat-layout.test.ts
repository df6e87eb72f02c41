/**
 * How the chat page opens and lays out, in real Chromium against wrangler dev, at a phone (360 px)
 * and a desktop (1280 px) width: it opens at the latest message (the list scrolled to its end and
 * the last message on screen), keeps the reader's place when older messages load above, and a
 * tool-only reply (an assistant message with tool calls and no text) shows its tool rows without
 * an empty bubble above them. Screenshots of both widths for a look (test-results/screenshots).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAS_CHROMIUM, SCREENSHOT_DIR, eventually, startRig, rigApi as api } from "./rig";
import type { IssuedDevice, Rig, RigPage } from "./rig";

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

/** The message scroller's geometry and the last rendered message's place in it. */
function geometry(page: Page) {
  return page.getByTestId("message-list").evaluate((list) => {
    const scroller = list.querySelector<HTMLElement>("[data-virtuoso-scroller]")!;
    const box = scroller.getBoundingClientRect();
    const rows = [...list.querySelectorAll<HTMLElement>("[data-testid=message], [data-testid=tool-row]")];
    const last = rows.at(-1)?.getBoundingClientRect();
    return {
      fromBottom: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight,
      scrollTop: scroller.scrollTop,
      lastVisible: !!last && last.bottom <= box.bottom + 1 && last.top >= box.top - 1,
      lastText: rows.at(-1)?.textContent ?? "",
      listTop: box.top,
      headTop: document.querySelector(".chat-log-head")!.getBoundingClientRect().top,
      topbarBottom: document.querySelector(".topbar")!.getBoundingClientRect().bottom,
      listBottom: box.bottom,
      viewport: window.innerHeight,
      pageOverflowX: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

describe.skipIf(!HAS_CHROMIUM)("web: the chat page opens at the latest message on every width", () => {
  let rig: Rig;
  let owner: RigPage & { device: IssuedDevice };
  let chatId = "";
  const token = () => owner.device.deviceToken;

  beforeAll(async () => {
    rig = await startRig();
    [owner] = (await rig.signedInPages(1)) as [RigPage & { device: IssuedDevice }];
    const chat = await api<{ id: string }>(rig, token(), "POST", "/chats", {
      title: "The long road",
      character: { name: "Seraphina", description: "A guardian of the glade." },
    });
    chatId = chat.id;
    const post = (body: Record<string, unknown>) => api(rig, token(), "POST", `/chats/${chatId}/messages`, body);
    // 120 messages: more than the first page (50), so older ones load on scroll.
    for (let i = 1; i <= 118; i++)
      await post({
        role: i % 2 ? "user" : "assistant",
        text: `Step ${i}: *the road goes on* and the lanterns sway in the wind while the story continues.`,
      });
    await post({
      role: "assistant",
      text: "",
      toolCalls: [{ id: "call_map", name: "mcp__Atlas__map", arguments: '{"region":"north"}' }],
    });
    await post({
      role: "tool",
      name: "map (Atlas)",
      toolCallId: "call_map",
      text: JSON.stringify({ outcome: "known_response", response: { textBlocks: [{ text: "A river bends north." }] } }),
      extra: { tauritavern: { tool: { toolId: "srv_atlas:map", alias: "mcp__Atlas__map", isError: false } } },
    });
    await post({ role: "assistant", text: "*She traces the river on the map.* The last step." });
  });

  afterAll(async () => {
    await rig?.close();
  });

  for (const size of WIDTHS)
    it(`at ${size.width} px: opens at the last message, no empty bubble over a tool-only reply, keeps the place when older ones load`, async () => {
      const opened = await rig.signedInPage(owner.device, size);
      const { page } = opened;
      await page.goto(`${rig.url}/chats/${chatId}`);
      await page.getByTestId("message-text").getByText("The last step.", { exact: false }).waitFor();
      const opening = (await eventually(
        async () => {
          const g = await geometry(page);
          return g.fromBottom < 4 && g.lastVisible ? g : null;
        },
        10_000,
        `the list at its end at ${size.width} px`,
      ))!;
      expect(opening.lastText).toContain("The last step.");
      // The list sits on screen (the composer below it included), not below the fold.
      expect(opening.listBottom).toBeLessThanOrEqual(size.height);
      expect(opening.headTop).toBeGreaterThanOrEqual(opening.topbarBottom - 1);
      expect(opening.pageOverflowX).toBe(false);

      await page.screenshot({ path: `${SCREENSHOT_DIR}/chat-layout-${size.width}-opened.png` });

      // The tool-only reply: its tool row shows, and no message bubble without text stands above it.
      await page.getByTestId("tool-row").waitFor();
      const texts = await page
        .getByTestId("message")
        .evaluateAll((all) => all.map((m) => m.querySelector("[data-testid=message-text]")?.textContent?.trim() ?? ""));
      expect(texts.length).toBeGreaterThan(3);
      expect(texts.filter((t) => t === "")).toEqual([]);
      await rig.screenshot(page, `chat-layout-${size.width}`);

      // To the top of the first page (Step 72 is its oldest): the previous page loads above and
      // Step 72 stays on screen, the list now scrolled well below its new top.
      const scroller = page.getByTestId("message-list").locator("[data-virtuoso-scroller]");
      await scroller.evaluate((el) => el.scrollTo(0, 0));
      const kept = (await eventually(
        async () => {
          const state = await scroller.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const step = [...el.querySelectorAll<HTMLElement>("[data-testid=message-text]")].find((m) =>
              (m.textContent ?? "").startsWith("Step 72:"),
            );
            const at = step?.getBoundingClientRect();
            return {
              scrollTop: el.scrollTop,
              visible: !!at && at.bottom > box.top && at.top < box.bottom,
            };
          });
          return state.scrollTop > 1000 && state.visible ? state : null;
        },
        15_000,
        "older messages loaded above with Step 72 kept on screen",
      ))!;
      expect(kept.visible).toBe(true);
      expect(opened.problems).toEqual([]);
    });
});
