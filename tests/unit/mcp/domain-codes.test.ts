/** Table-driven tests of every MCP registry domain code (docs/spec/mcp-platform.md §2–§5, §13). */
import { describe, expect, it } from "vitest";
import { AppError } from "../../../src/domain/errors";
import { parseEndpoint, redactEndpoint, withUserinfo } from "../../../src/domain/mcp/endpoint";
import { findJsonSyntaxError } from "../../../src/domain/mcp/json-syntax";
import { isPrivateNetworkHost, unreachableWarning } from "../../../src/domain/mcp/reachability";
import {
  mcpProviderId,
  newRegistrationId,
  parseMcpProviderId,
  parseRegistrationId,
} from "../../../src/domain/mcp/registration-id";
import {
  connectionChanged,
  normalizeDisplayName,
  parseProtocolVersion,
  validateStoredPermissions,
  withDescriptionOverride,
  withPermission,
} from "../../../src/domain/mcp/registration";
import { mcpToolId, parseMcpToolId } from "../../../src/domain/mcp/tool-id";
import { validateToolName } from "../../../src/domain/mcp/tool-name";

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

const ID = "550e8400-e29b-41d4-a716-446655440000";

describe("registration ids (docs/spec/mcp-platform.md §2)", () => {
  it.each([
    [ID, null],
    ["550E8400-E29B-41D4-A716-446655440000", "mcp.registration_id_noncanonical"],
    ["550e8400e29b41d4a716446655440000", "mcp.registration_id_noncanonical"],
    [`{${ID}}`, "mcp.registration_id_noncanonical"],
    [`urn:uuid:${ID}`, "mcp.registration_id_noncanonical"],
    ["550e8400-e29b-41d4-a716-44665544000", "mcp.registration_id_invalid"],
    ["not-a-uuid", "mcp.registration_id_invalid"],
    ["", "mcp.registration_id_invalid"],
    [` ${ID}`, "mcp.registration_id_invalid"],
  ])("%j → %s", (input, code) => {
    expect(codeOf(() => parseRegistrationId(input))).toBe(code);
  });

  it("generates canonical v4 ids", () => {
    for (let i = 0; i < 20; i += 1) {
      const id = newRegistrationId();
      expect(parseRegistrationId(id)).toBe(id);
      expect(id[14]).toBe("4");
    }
  });

  it.each([
    [`mcp/${ID}`, null],
    [`builtin`, "mcp.provider_id_invalid"],
    [`mcpx/${ID}`, "mcp.provider_id_invalid"],
    [`mcp/${ID.toUpperCase()}`, "mcp.registration_id_noncanonical"],
    [`mcp/abc`, "mcp.registration_id_invalid"],
  ])("provider id %j → %s", (input, code) => {
    expect(codeOf(() => parseMcpProviderId(input))).toBe(code);
  });

  it("ToolId splits on the first colon only", () => {
    expect(mcpProviderId(ID)).toBe(`mcp/${ID}`);
    const id = mcpToolId(ID, "search:exact");
    expect(id).toBe(`mcp/${ID}:search:exact`);
    expect(parseMcpToolId(id)).toMatchObject({ registrationId: ID, nativeName: "search:exact" });
  });
});

describe("endpoints (docs/spec/mcp-platform.md §3)", () => {
  it.each([
    ["  https://Example.COM  ", "https://example.com/"],
    ["HTTP://example.com:80/mcp", "http://example.com/mcp"],
    ["https://user:p%40ss@host.example/mcp?x=1", "https://user:p%40ss@host.example/mcp?x=1"],
    ["http://127.0.0.1:3000/mcp", "http://127.0.0.1:3000/mcp"],
  ])("%j normalizes to %j", (input, normalized) => {
    expect(parseEndpoint(input).normalized).toBe(normalized);
  });

  it.each([
    ["", "mcp.endpoint_invalid"],
    ["example.com/mcp", "mcp.endpoint_invalid"],
    ["/mcp", "mcp.endpoint_invalid"],
    ["http://", "mcp.endpoint_invalid"],
    ["https://exa mple.com/", "mcp.endpoint_invalid"],
    ["mailto:someone@example.com", "mcp.endpoint_absolute_required"],
    ["file:///etc/passwd", "mcp.endpoint_absolute_required"],
    ["data:text/plain,hi", "mcp.endpoint_absolute_required"],
    ["https://example.com/mcp#section", "mcp.endpoint_fragment_forbidden"],
    ["https://example.com/mcp#", "mcp.endpoint_fragment_forbidden"],
    ["ftp://example.com/mcp", "mcp.endpoint_scheme_invalid"],
    ["ws://example.com/mcp", "mcp.endpoint_scheme_invalid"],
    ["ftp://example.com/#x", "mcp.endpoint_fragment_forbidden"],
  ])("%j → %s", (input, code) => {
    expect(codeOf(() => parseEndpoint(input))).toBe(code);
  });

  it("splits userinfo out and puts it back; messages never echo it", () => {
    const parsed = parseEndpoint("https://alice:s3cr%3At@host.example/mcp");
    expect(parsed.withoutUserinfo).toBe("https://host.example/mcp");
    expect(parsed.userinfo).toBe("alice:s3cr%3At");
    expect(withUserinfo(parsed.withoutUserinfo, parsed.userinfo)).toBe(parsed.normalized);
    expect(redactEndpoint(parsed.normalized)).toBe("https://***@host.example/mcp");
    try {
      parseEndpoint("https://alice:s3cret@exa mple/");
    } catch (error) {
      expect((error as Error).message).not.toContain("s3cret");
    }
  });
});

describe("names, versions, permissions, overrides", () => {
  it.each([
    ["  My server ", "My server", null],
    ["   ", null, "mcp.display_name_empty"],
    ["", null, "mcp.display_name_empty"],
  ])("display name %j", (input, out, code) => {
    expect(codeOf(() => normalizeDisplayName(input))).toBe(code);
    if (out) expect(normalizeDisplayName(input)).toBe(out);
  });

  it.each([
    ["search", null],
    ["a/b.c d 検索", null],
    ["x".repeat(256), null],
    ["é".repeat(128), null],
    ["é".repeat(129), "mcp.tool_name_too_long"],
    ["x".repeat(257), "mcp.tool_name_too_long"],
    ["", "mcp.tool_name_empty"],
  ])("tool name %#", (input, code) => {
    expect(codeOf(() => validateToolName(input))).toBe(code);
  });

  it.each([
    [undefined, "auto", null],
    ["auto", "auto", null],
    ["2026-07-28", "2026-07-28", null],
    ["2025-03-26", "2025-03-26", null],
    ["2024-11-05", null, "mcp.protocol_version_invalid"],
  ])("protocol version %j", (input, out, code) => {
    expect(codeOf(() => parseProtocolVersion(input))).toBe(code);
    if (out) expect(parseProtocolVersion(input)).toBe(out);
  });

  it("Off deletes the key; ask/allow set it; stored off is refused", () => {
    let permissions = withPermission({}, "search", "allow");
    permissions = withPermission(permissions, "fetch", "ask");
    expect(permissions).toEqual({ search: "allow", fetch: "ask" });
    permissions = withPermission(permissions, "search", "off");
    expect(permissions).toEqual({ fetch: "ask" });
    expect(withPermission(permissions, "never-set", "off")).toEqual({ fetch: "ask" });
    expect(codeOf(() => withPermission({}, "", "ask"))).toBe("mcp.tool_name_empty");
    expect(codeOf(() => validateStoredPermissions({ search: "off" }))).toBe("mcp.permission_off_not_persisted");
    expect(codeOf(() => validateStoredPermissions({ search: "maybe" }))).toBe("mcp.permission_invalid");
  });

  it("a tool named __proto__ is an ordinary key", () => {
    const permissions = withPermission({}, "__proto__", "allow");
    expect(Object.keys(permissions)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(permissions)).toBe(Object.prototype);
  });

  it("overrides: whole replacement, properties kept when sent back, null removes, empty refused", () => {
    let overrides = withDescriptionOverride({}, "search", { description: "Find", properties: { q: "The query" } });
    expect(overrides.search).toEqual({ description: "Find", properties: { q: "The query" } });
    overrides = withDescriptionOverride(overrides, "search", {
      description: "Find things",
      properties: { q: "The query" },
    });
    expect(overrides.search).toEqual({ description: "Find things", properties: { q: "The query" } });
    overrides = withDescriptionOverride(overrides, "other", { description: "  verbatim  " });
    expect(overrides.other).toEqual({ description: "  verbatim  ", properties: {} });
    overrides = withDescriptionOverride(overrides, "search", null);
    expect(Object.keys(overrides)).toEqual(["other"]);
    expect(codeOf(() => withDescriptionOverride({}, "search", {}))).toBe("mcp.description_override_empty");
    expect(codeOf(() => withDescriptionOverride({}, "search", { properties: {} }))).toBe(
      "mcp.description_override_empty",
    );
    expect(codeOf(() => withDescriptionOverride({}, "", { description: "x" }))).toBe("mcp.tool_name_empty");
  });

  it("connection change = endpoint, headers or protocol version", () => {
    const base = { endpoint: "https://a.example/", headers: { A: "1" }, protocolVersion: "auto" as const };
    expect(connectionChanged(base, { ...base })).toBe(false);
    expect(connectionChanged(base, { ...base, endpoint: "https://b.example/" })).toBe(true);
    expect(connectionChanged(base, { ...base, headers: { A: "2" } })).toBe(true);
    expect(connectionChanged(base, { ...base, headers: { A: "1", B: "2" } })).toBe(true);
    expect(connectionChanged(base, { ...base, headers: { B: "1" } })).toBe(true);
    expect(connectionChanged(base, { ...base, protocolVersion: "2025-06-18" })).toBe(true);
  });
});

describe("deployed reachability", () => {
  it.each([
    ["localhost", true],
    ["127.0.0.1", true],
    ["10.1.2.3", true],
    ["172.16.0.1", true],
    ["172.32.0.1", false],
    ["192.168.1.10", true],
    ["169.254.1.1", true],
    ["100.64.0.1", true],
    ["0.0.0.0", true],
    ["[::1]", true],
    ["[fd00::1]", true],
    ["[fe80::1]", true],
    ["[::ffff:127.0.0.1]", true],
    ["printer.local", true],
    ["nas", true],
    ["example.com", false],
    ["8.8.8.8", false],
    ["[2606:4700::1111]", false],
  ])("%s private=%s", (host, expected) => {
    expect(isPrivateNetworkHost(parseEndpoint(`http://${host}/mcp`).host)).toBe(expected);
  });

  it("warns only when deployed", () => {
    expect(unreachableWarning("127.0.0.1", true)).toBeNull();
    expect(unreachableWarning("127.0.0.1", false)?.code).toBe("mcp.endpoint_unreachable_when_deployed");
    expect(unreachableWarning("example.com", false)).toBeNull();
  });
});

describe("JSON syntax positions", () => {
  it.each([
    ['{"a": 1}', null],
    ['{"a": 1', { line: 1, column: 8, offset: 7 }],
    ['{\n  "a": x\n}', { line: 2, column: 8, offset: 9 }],
    ['{"a": 1,}', { line: 1, column: 9, offset: 8 }],
    ["", { line: 1, column: 1, offset: 0 }],
    ['{"a": "\\q"}', { offset: 8 }],
    ["[1] 2", { offset: 4 }],
  ])("%j", (text, expected) => {
    let v8: string | null = null;
    try {
      JSON.parse(text);
    } catch (error) {
      v8 = (error as Error).message;
    }
    const found = findJsonSyntaxError(text);
    expect(found === null).toBe(v8 === null);
    const v8Position = v8?.match(/at position (\d+)/)?.[1];
    if (found && v8Position) expect(found.offset).toBe(Number(v8Position));
    if (expected === null) expect(found).toBeNull();
    else expect(found).toMatchObject(expected);
  });
});
