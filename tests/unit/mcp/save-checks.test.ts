/**
 * Pure save-time checks (docs/spec/mcp-platform.md §3, §5; ADRs 0390–0394): the raw host check shared by
 * MCP endpoints and model base URLs, blank description overrides, the one header check, and the
 * runtime-text replacement of the MCP adapter.
 */
import { describe, expect, it } from "vitest";
import { connectFailureMessage, readableFailure } from "../../../src/adapters/mcp/runtime-message";
import { AppError } from "../../../src/domain/errors";
import { parseEndpoint } from "../../../src/domain/mcp/endpoint";
import { checkCustomHeaders } from "../../../src/domain/mcp/headers";
import { validateStoredOverrides, withDescriptionOverride } from "../../../src/domain/mcp/registration";
import { normalizeBaseUrl } from "../../../src/domain/models/connection";
import { hasRawAuthorityHost } from "../../../src/domain/url-authority";

function errorOf(fn: () => unknown): AppError | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe("raw host check", () => {
  it.each([
    ["http://example.com/mcp", true],
    ["https://user:p%40ss@host.example:8443/x?y=1", true],
    ["http://[::1]:3000/", true],
    ["HTTP://Example.COM", true],
    ["http://h\t.example/", true],
    ["http:///mcp", false],
    ["https:///", false],
    ["http:mcp", false],
    ["http:/mcp", false],
    ["http:////mcp", false],
    ["http://user@/mcp", false],
    ["http://:80/mcp", false],
    ["http:\\\\\\mcp", false],
    ["mailto:a@example.com", false],
    ["/relative", false],
  ])("%j → %s", (text, expected) => {
    expect(hasRawAuthorityHost(text)).toBe(expected);
  });

  it.each(["http:///mcp", "https:///api", "http:mcp", "http:////mcp", "http:/mcp"])(
    "MCP endpoint %j → mcp.endpoint_absolute_required (the parser alone accepts it)",
    (endpoint) => {
      expect(new URL(endpoint).host).not.toBe("");
      expect(errorOf(() => parseEndpoint(endpoint))?.code).toBe("mcp.endpoint_absolute_required");
    },
  );

  it("model base URL http:///v1 → input.invalid on baseUrl; ordinary URLs still normalize", () => {
    const error = errorOf(() => normalizeBaseUrl("openai-compatible", "http:///v1"));
    expect(error).toMatchObject({ code: "input.invalid", details: { field: "baseUrl" } });
    expect(error?.message).toContain("host");
    expect(errorOf(() => normalizeBaseUrl("openai", "https:v1"))?.code).toBe("input.invalid");
    expect(normalizeBaseUrl("openai-compatible", "http://localhost:11434/v1/")).toBe("http://localhost:11434/v1");
  });
});

describe("blank description overrides", () => {
  it.each([
    [{ description: "" }, "description"],
    [{ description: " \n\t " }, "description"],
    [{ properties: { q: "" } }, "properties.q"],
    [{ description: "ok", properties: { q: "ok", r: "   " } }, "properties.r"],
  ])("%j → mcp.description_override_empty (field %s)", (override, field) => {
    const error = errorOf(() => withDescriptionOverride({}, "search", override));
    expect(error?.code).toBe("mcp.description_override_empty");
    expect(error?.details).toEqual({ field });
  });

  it("stored rows with a blank description still load (the rule is for saving)", () => {
    expect(validateStoredOverrides({ search: { description: "" } })).toEqual({
      search: { description: "", properties: {} },
    });
  });
});

describe("custom headers (one check for saving and sending)", () => {
  it.each([
    [{ "X-Api-Key": "k", Authorization: "Bearer t\tx" }, null],
    [{ "Bad Name": "v\r\nX: y" }, "mcp.header_name_invalid"],
    [{ "": "v" }, "mcp.header_name_invalid"],
    [{ "X-Token": "secret-1\r\nX: y" }, "mcp.header_value_invalid"],
    [{ "X-Token": "secret-1 ☃" }, "mcp.header_value_non_ascii"],
    [{ "X-Token": "secret-1測試金鑰" }, "mcp.header_value_non_ascii"],
    [{ "X-Token": "secret-1é" }, "mcp.header_value_non_ascii"],
    [{ "MCP-Protocol-Version": "secret-1" }, "mcp.header_reserved"],
    [{ "Mcp-Param-Region": "secret-1" }, "mcp.header_reserved"],
    [{ "Last-Event-ID": "secret-1" }, "mcp.header_reserved"],
  ])("%j → %s; the value is never in the message or details", (headers, code) => {
    const error = errorOf(() => checkCustomHeaders(headers));
    expect(error?.code ?? null).toBe(code);
    if (error) expect(JSON.stringify({ message: error.message, details: error.details })).not.toMatch(/secret-1|X: y/);
  });

  it("a name with control characters is shown with them replaced", () => {
    const error = errorOf(() => checkCustomHeaders({ "A\r\nB": "v" }));
    expect(error?.message).toContain('"A??B"');
    expect(error?.details).toEqual({ header: "A??B" });
  });
});

describe("runtime failure text", () => {
  const endpoint = "http://alice:pw@mcp/";
  it.each([
    "Version negotiation probe failed: internal error; reference = v2tqa7ku8d1bq0nvcqh3t4cj",
    "internal error; reference=abc",
    "Network connection lost.",
    "fetch failed",
    "connect ECONNREFUSED 127.0.0.1:1",
    "getaddrinfo ENOTFOUND mcp",
  ])("%j becomes a readable message without userinfo", (text) => {
    const message = readableFailure(text, endpoint);
    expect(message).toBe(connectFailureMessage(endpoint));
    expect(message).toBe(
      "Could not connect to http://***@mcp/: the host could not be resolved, refused the connection, or closed it before answering.",
    );
    expect(message).not.toMatch(/reference|pw/);
  });

  it("meaningful text (HTTP status, server words) is kept", () => {
    expect(readableFailure("HTTP 401: Unauthorized", endpoint)).toBe("HTTP 401: Unauthorized");
    expect(readableFailure("The server answered HTTP 307 redirecting to http://x/", endpoint)).toBe(
      "The server answered HTTP 307 redirecting to http://x/",
    );
  });
});
