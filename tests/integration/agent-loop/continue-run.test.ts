/**
 * A `continue` run keeps the message it continues (docs/spec/workspace.md §3; docs/decisions/1480): the
 * target's text is seeded into output/main.md (journaled `workspace_file_written` with source
 * `continue_seed`, fully known to the root invocation) and the system message says so; an append
 * write + append commit, or a patch without a read + replace commit, yields original +
 * continuation. Regenerate/swipe are covered unchanged in control.test.ts.
 */
import { describe, expect, it } from "vitest";
import { driveRun, eventOf, userWithChat } from "./loop-helpers";

const ORIGINAL = "The dragon was";
const CHAT = ["Hi", "Hello, traveller.", "Tell me about the dragon.", ORIGINAL];
const call = (id: string, name: string, args: Record<string, unknown> = {}) => ({
  id,
  name,
  arguments: JSON.stringify(args),
});
const finish = call("f", "workspace_finish");

describe("agent loop: continue", () => {
  it("append write + append commit continues the last assistant message instead of replacing it", async () => {
    const { user, chatId, messages } = await userWithChat(CHAT);
    const result = await driveRun(user.userId, chatId, {
      input: { generationType: "continue" },
      steps: [
        {
          calls: [call("w", "workspace_write_file", { path: "output/main.md", content: " very big.", mode: "append" })],
        },
        { calls: [call("c", "workspace_commit", { mode: "append" })] },
        { calls: [finish] },
      ],
    });
    expect(result.status).toBe("completed");
    expect(result.chat).toHaveLength(4);
    expect(result.chat[3]).toMatchObject({ messageId: messages[3].messageId, text: `${ORIGINAL} very big.` });
    expect(eventOf(result.events, "workspace_file_written")!.payload).toMatchObject({
      path: "output/main.md",
      mode: "replace",
      source: "continue_seed",
      messageId: messages[3].messageId,
      chars: ORIGINAL.length,
    });
    const system = JSON.stringify(result.requests[0]!.messages[0]);
    expect(system).toContain("continues the last assistant message");
    expect(system).toContain("already in output/main.md");
  });

  it("the seeded file is fully known: a patch without a read works and a replace commit keeps the original", async () => {
    const { user, chatId } = await userWithChat(CHAT);
    const result = await driveRun(user.userId, chatId, {
      input: { generationType: "continue" },
      steps: [
        {
          calls: [
            call("p", "workspace_apply_patch", {
              path: "output/main.md",
              old_string: ORIGINAL,
              new_string: `${ORIGINAL} enormous, and old.`,
            }),
          ],
        },
        { calls: [call("c", "workspace_commit")] },
        { calls: [finish] },
      ],
    });
    expect(result.status).toBe("completed");
    expect(eventOf(result.events, "tool_call_failed")).toBeUndefined();
    expect(result.chat[3]!.text.startsWith(ORIGINAL)).toBe(true);
    expect(result.chat[3]!.text).toBe(`${ORIGINAL} enormous, and old.`);
  });

  it("a normal run seeds nothing and says nothing about continuing", async () => {
    const { user, chatId } = await userWithChat(CHAT.slice(0, 3));
    const result = await driveRun(user.userId, chatId, {
      steps: [
        { calls: [call("w", "workspace_write_file", { path: "output/main.md", content: "New." })] },
        { calls: [call("c", "workspace_commit")] },
        { calls: [finish] },
      ],
    });
    expect(result.status).toBe("completed");
    expect(result.events.filter((e) => e.type === "workspace_file_written")).toHaveLength(1);
    expect(JSON.stringify(result.requests[0]!.messages[0])).not.toContain("continues the last assistant message");
  });
});
