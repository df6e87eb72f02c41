/**
 * Issue 30 item 8: a description override naming a property the tool does not have is refused at
 * save, naming the property, instead of silently hiding the tool from every model.
 */
import { describe, expect, it } from "vitest";
import { api, apiJson } from "../helpers";
import { activeServer, discover, hostileUrl } from "../mcp-gateway/gateway-helpers";

async function setOverride(token: string, id: string, tool: string, override: unknown): Promise<Response> {
  return api(`/api/v1/mcp/servers/${id}/tools/${tool}/description-override`, {
    method: "PUT",
    token,
    body: { override },
  });
}

describe("description overrides are checked against the cached catalog", () => {
  it("a property the tool lacks is refused with its name, and nothing is saved", async () => {
    const { user, id } = await activeServer(hostileUrl("duplicates", `ovr${Date.now()}`));
    await discover(user, id);
    const response = await setOverride(user.deviceToken, id, "alpha", {
      description: "Alpha",
      properties: { text: "What to say", colour: "Which colour" },
    });
    expect(response.status).toBe(400);
    const { error } = await response.json<any>();
    expect(error.code).toBe("tool.description_override_unknown_property");
    expect(error.details.properties).toEqual(["colour"]);
    expect(error.message).toContain('"colour"');
    const { servers } = await apiJson("/api/v1/mcp/servers", { token: user.deviceToken, expectStatus: 200 });
    expect(servers[0].toolDescriptionOverrides).toEqual({});
  });

  it("an override naming only declared properties saves, and the tool stays offered to models", async () => {
    const { user, id } = await activeServer(hostileUrl("duplicates", `ovr2${Date.now()}`));
    await discover(user, id);
    await apiJson(`/api/v1/mcp/servers/${id}/tools/alpha/permission`, {
      method: "PUT",
      token: user.deviceToken,
      body: { permission: "allow" },
      expectStatus: 200,
    });
    const saved = await setOverride(user.deviceToken, id, "alpha", { properties: { text: "What to say" } });
    expect(saved.status).toBe(200);
    const view = await apiJson("/api/v1/mcp/model-tools", { token: user.deviceToken, expectStatus: 200 });
    const alpha = view.tools.find((t: any) => t.toolId.endsWith("alpha"));
    expect(alpha.inputSchema.properties.text.description).toBe("What to say");
  });
});
