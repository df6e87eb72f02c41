import { describe, expect, it } from "vitest";
import { PermittedToolCaller } from "../../../src/application/tools/permitted-tool-call";
import { FakeCatalogs, FakeGateway, FakeRegistrations, REG_A, REG_B, registration, tool } from "./fakes";

function setup() {
  const registrations = new FakeRegistrations([
    registration(REG_A, "srv", { toolPermissions: { search: "ask", fetch: "allow" } }),
    registration(REG_B, "paused", { state: "paused", toolPermissions: { search: "allow" } }),
  ]);
  const catalogs = new FakeCatalogs({ [REG_A]: [tool("search")] });
  const gateway = new FakeGateway();
  return { registrations, gateway, caller: new PermittedToolCaller({ registrations, catalogs, gateway }) };
}

describe("send-time recheck callPermittedTool (docs/spec/mcp-platform.md §4, §11)", () => {
  it.each<[string, (s: ReturnType<typeof setup>) => void, string, unknown]>([
    ["cancelled before send", () => {}, "mcp.call_cancelled_before_send", "aborted"],
    ["arguments over 256 KiB", () => {}, "mcp.call_arguments_size_limit", { big: "x".repeat(256 * 1024) }],
    ["arguments not an object", () => {}, "mcp.call_arguments_not_object", [1]],
    [
      "registration removed since the snapshot",
      (s) => s.registrations.registrations.splice(0, 1),
      "mcp.call_registration_not_found",
      {},
    ],
    ["registration unreadable", (s) => s.registrations.unavailable.add(REG_A), "mcp.call_registration_unavailable", {}],
    [
      "server paused since the snapshot",
      (s) => (s.registrations.registrations[0]!.state = "paused"),
      "mcp.call_server_paused",
      {},
    ],
    [
      "permission turned Off since the snapshot",
      (s) => (s.registrations.registrations[0]!.toolPermissions = {}),
      "mcp.call_permission_off",
      {},
    ],
  ])("%s → not_sent %s, gateway untouched", async (_label, mutate, code, args) => {
    const s = setup();
    mutate(s);
    const controller = new AbortController();
    if (args === "aborted") controller.abort();
    const outcome = await s.caller.callPermittedTool(
      `mcp/${REG_A}:search`,
      args === "aborted" ? {} : args,
      controller.signal,
    );
    expect(outcome).toMatchObject({ outcome: "not_sent", issue: { code } });
    expect(s.gateway.calls).toEqual([]);
  });

  it("Ask executes like Allow, with the cached tool definition, era and stored headers", async () => {
    const s = setup();
    const outcome = await s.caller.callPermittedTool(`mcp/${REG_A}:search`, { q: "tea" });
    expect(outcome.outcome).toBe("known_response");
    expect(s.gateway.calls).toHaveLength(1);
    const { target, request } = s.gateway.calls[0]!;
    expect(target).toMatchObject({
      registrationId: REG_A,
      headers: { "x-key": "secret" },
      protocolVersion: "auto",
      era: { kind: "legacy" },
    });
    expect(request).toMatchObject({ nativeName: "search", arguments: { q: "tea" }, tool: { nativeName: "search" } });
  });

  it("a tool missing from the cache is still called (the gateway looks it up)", async () => {
    const s = setup();
    await s.caller.callPermittedTool(`mcp/${REG_A}:fetch`, {});
    expect(s.gateway.calls[0]!.request.tool).toBeUndefined();
  });

  it("paused server → mcp.call_server_paused", async () => {
    const s = setup();
    expect(await s.caller.callPermittedTool(`mcp/${REG_B}:search`, {})).toMatchObject({
      issue: { code: "mcp.call_server_paused" },
    });
  });

  it.each([
    ["builtin:dice.roll", "mcp.provider_id_invalid"],
    ["mcp/ABCDEF00-1111-4111-8111-111111111111:search", "mcp.registration_id_noncanonical"],
    ["nonsense", "tool.id_invalid"],
  ])("a non-MCP ToolId %s is a host error %s", async (toolId, code) => {
    await expect(setup().caller.callPermittedTool(toolId, {})).rejects.toMatchObject({ code });
  });
});
