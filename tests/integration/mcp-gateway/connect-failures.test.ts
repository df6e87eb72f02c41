/**
 * A server that cannot be reached (docs/spec/mcp-platform.md §9 `mcp.discovery_initialize_failed`, docs/spec/mcp-platform.md §10
 * `mcp.call_initialize_failed`; ADR 0391): the message is one a person understands and never the
 * runtime's own text (workerd: "internal error; reference = …").
 */
import { describe, expect, it } from "vitest";
import { api } from "../helpers";
import { activeServer, discover } from "./gateway-helpers";

/** Nothing listens on port 1 of the loopback address, so the connection is refused. */
const CLOSED = "http://alice:s3cret@127.0.0.1:1/mcp";
const READABLE =
  "Could not connect to http://127.0.0.1:1/mcp: the host could not be resolved, refused the connection, or closed it before answering.";

describe("an unreachable server", () => {
  it("discovery fails with mcp.discovery_initialize_failed and a readable, redacted message", async () => {
    const { user, id } = await activeServer(CLOSED);
    const { status, body } = await discover(user, id, "refresh");
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.error.code).toBe("mcp.discovery_initialize_failed");
    expect(body.error.message).toBe(`The MCP server could not be started: ${READABLE}`);
    expect(body.error.message).not.toMatch(/internal error|reference =|s3cret/i);
  });

  it("a test call is not_sent with mcp.call_initialize_failed and the same message", async () => {
    const { user, id } = await activeServer(CLOSED);
    const response = await api(`/api/v1/mcp/servers/${id}/tools/echo/test-call`, {
      method: "POST",
      token: user.deviceToken,
      body: { argumentsJson: "{}" },
    });
    const body = (await response.json()) as any;
    expect(response.status).toBe(200);
    expect(body).toEqual({
      outcome: "not_sent",
      code: "mcp.call_initialize_failed",
      message: `The MCP server could not be started: ${READABLE}`,
    });
  });
});
