/**
 * Skills end to end through `wrangler dev` (issue [skills] "Must show"): a skill `.zip` is
 * previewed and installed over real HTTP (every open socket gets `skill.changed`), then an agent
 * run whose scripted model (tests/peers/model-peer.ts) calls skill_list, then skill_read, then
 * workspace_finish completes, and the requests the model server received carry the skill's text.
 */
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { startModelPeer } from "../peers/model-peer";
import { scriptedConnection, wranglerSession } from "./session";

const session = wranglerSession("Skills laptop", { model: startModelPeer });
const { call, openSocket } = session;

const SKILL_TEXT = "When the dragon speaks, it answers in riddles of three lines.";

describe("skills under wrangler dev", () => {
  it("import a skill, a run's model calls skill_list then skill_read and gets the skill text", async () => {
    const { ws, frames } = await openSocket();

    const enc = new TextEncoder();
    const zip = zipSync({
      "dragon-voice/SKILL.md": enc.encode(
        `---\nname: dragon-voice\ndescription: How the dragon talks\n---\n# Dragon voice\n\n${SKILL_TEXT}\n`,
      ),
      "dragon-voice/examples/riddle.md": enc.encode("What has roots nobody sees?\n"),
    });
    const previewResponse = await fetch(`${session.dev.url}/api/v1/skills/import/preview`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.token}`, "content-type": "application/zip" },
      body: zip,
    });
    const preview = (await previewResponse.json()) as any;
    expect(previewResponse.status, JSON.stringify(preview)).toBe(200);
    expect(preview).toMatchObject({ name: "dragon-voice", conflict: { kind: "new" }, fileCount: 2 });
    const installed = await call("/skills/import", { previewId: preview.previewId });
    expect(installed.body).toMatchObject({ action: "installed", scope: "global", name: "dragon-voice" });
    const deadline = Date.now() + 10_000;
    while (!frames.some((f) => f.type === "skill.changed" && f.name === "dragon-voice")) {
      if (Date.now() > deadline) throw new Error(`no skill.changed frame: ${JSON.stringify(frames).slice(0, 400)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    ws.close();

    const chat = await call("/chats", { title: "Riddles", character: { name: "Dragon" } });
    const chatId = chat.body.id;
    await call(`/chats/${chatId}/messages`, { role: "user", text: "Speak, dragon." });
    const scriptId = `skills-e2e-${Date.now()}`;
    const steps = [
      { toolCalls: [{ id: "call_list", name: "skill_list", arguments: "{}" }] },
      { toolCalls: [{ id: "call_read", name: "skill_read", arguments: JSON.stringify({ name: "dragon-voice" }) }] },
      { toolCalls: [{ id: "call_finish", name: "workspace_finish", arguments: "{}" }] },
    ];
    const connection = await scriptedConnection(session, "model", { id: scriptId, steps }, "sk-skills-e2e-0001");
    expect(connection.status).toBe(201);
    const started = await call("/agent/runs", {
      stableChatId: chatId,
      connectionId: connection.body.id,
      presentation: "background",
      promptSnapshot: { chatCompletionPayload: { messages: [{ role: "user", content: "Speak, dragon." }] } },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const runId = started.body.runId;
    let run: any;
    const until = Date.now() + 45_000;
    for (;;) {
      run = (await call(`/agent/runs/${runId}`)).body;
      if (["completed", "failed", "partial_success", "cancelled"].includes(run.status)) break;
      if (Date.now() > until) throw new Error(`run still ${run.status}\n${session.dev.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(run.status, JSON.stringify(run)).toBe("completed");

    const recorded = (await (await fetch(`${session.peer("model").url}/__requests?script=${scriptId}`)).json()) as any;
    const last = recorded.requests.at(-1).body;
    expect(last.tools.map((t: any) => t.function.name)).toEqual(
      expect.arrayContaining(["skill_list", "skill_search", "skill_read"]),
    );
    const toolMessages = last.messages.filter((m: any) => m.role === "tool");
    expect(toolMessages.map((m: any) => m.tool_call_id)).toEqual(["call_list", "call_read"]);
    expect(toolMessages[0].content).toContain("dragon-voice");
    expect(toolMessages[0].content).toContain("How the dragon talks");
    expect(toolMessages[1].content).toContain(SKILL_TEXT);
  });
});
