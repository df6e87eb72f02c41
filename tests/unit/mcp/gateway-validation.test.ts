/** Pure pieces of the MCP gateway: schema compile check, x-mcp-header rules, result projection, call registry. */
import { describe, expect, it } from "vitest";
import { projectCallResult } from "../../../src/adapters/mcp/call-result";
import { schemaCompileProblem } from "../../../src/adapters/mcp/schema-check";
import { validateTools } from "../../../src/adapters/mcp/tool-validation";
import { xMcpHeaderProblem } from "../../../src/adapters/mcp/x-mcp-header";
import { McpCallRegistry } from "../../../src/application/mcp/call-registry";
import { toCallOutcomeDto } from "../../../src/domain/mcp/call-outcome";

describe("schemaCompileProblem (JSON Schema 2020-12, local refs only)", () => {
  it.each([
    [{ type: "object", properties: { a: { type: "string", minLength: 1 } }, required: ["a"] }],
    [{ type: "object", $defs: { n: { type: "integer" } }, properties: { a: { $ref: "#/$defs/n" } } }],
    [
      {
        $id: "https://example.com/s",
        type: "object",
        properties: { a: { $ref: "https://example.com/s#/$defs/x" } },
        $defs: { x: true },
      },
    ],
    [{ type: "object", properties: { a: { $anchor: "thing", type: "string" }, b: { $ref: "#thing" } } }],
    [{ type: ["object", "null"], prefixItems: [{ type: "string" }] }],
  ])("accepts %j", (schema) => {
    expect(schemaCompileProblem(schema)).toBeNull();
  });

  it.each([
    [{ type: "object", properties: { a: { type: "nonsense" } } }, "type"],
    [{ type: "object", required: "a" }, "required"],
    [{ type: "object", properties: { a: { pattern: "(" } } }, "regular expression"],
    [{ type: "array", items: [{ type: "string" }] }, "prefixItems"],
    [{ type: "object", properties: { a: { $ref: "https://example.com/x.json" } } }, "remote"],
    [{ type: "object", properties: { a: { $ref: "#/$defs/missing" } } }, "points nowhere"],
    [{ type: "object", properties: { a: { minimum: "0" } } }, "minimum"],
    [[1, 2], "object"],
  ])("rejects %j", (schema, reason) => {
    expect(schemaCompileProblem(schema)).toContain(reason);
  });
});

describe("xMcpHeaderProblem (SEP-2243)", () => {
  it("accepts a token on a primitive property reached through properties", () => {
    expect(
      xMcpHeaderProblem({
        type: "object",
        properties: {
          region: { type: "string", "x-mcp-header": "Region" },
          n: { type: "object", properties: { flag: { type: "boolean", "x-mcp-header": "Flag" } } },
        },
      }),
    ).toBeNull();
  });
  it.each([
    [{ type: "object", properties: { a: { type: "string", "x-mcp-header": "Bad Header" } } }, "token"],
    [{ type: "object", properties: { a: { type: "number", "x-mcp-header": "A" } } }, "string, integer or boolean"],
    [
      {
        type: "object",
        properties: { a: { type: "string", "x-mcp-header": "A" }, b: { type: "string", "x-mcp-header": "a" } },
      },
      "case-insensitive",
    ],
    [
      { type: "object", properties: { a: { type: "array", items: { type: "string", "x-mcp-header": "A" } } } },
      "properties",
    ],
    [{ type: "object", "x-mcp-header": "Root" }, "properties"],
  ])("rejects %j", (schema, reason) => {
    expect(xMcpHeaderProblem(schema)).toContain(reason);
  });
});

describe("validateTools", () => {
  const tool = (name: unknown, extra: Record<string, unknown> = {}) => ({
    value: { name, inputSchema: { type: "object" }, ...extra },
    bytes: 100,
  });
  it("sorts, drops duplicate groups and bad names, keeps annotations as given", () => {
    const { tools, diagnostics } = validateTools(
      [tool("b"), tool("a", { annotations: { readOnlyHint: "maybe" } }), tool("b"), tool(""), tool(42)],
      false,
    );
    expect(tools.map((t) => t.nativeName)).toEqual(["a"]);
    expect(tools[0]!.annotations).toEqual({ readOnlyHint: "maybe" });
    expect(diagnostics.map((d) => d.code).sort()).toEqual([
      "mcp.tool_duplicate_name",
      "mcp.tool_name_invalid",
      "mcp.tool_name_invalid",
    ]);
  });
  it("checks x-mcp-header markings only on modern connections", () => {
    const marked = tool("m", {
      inputSchema: { type: "object", properties: { z: { type: "string", "x-mcp-header": "Bad Header" } } },
    });
    expect(validateTools([marked], false).tools).toHaveLength(1);
    expect(validateTools([marked], true).diagnostics[0]!.code).toBe("mcp.tool_header_marking_invalid");
  });
});

describe("projectCallResult → DTO", () => {
  it("keeps text indexes, diagnoses other blocks and foreign _meta, pretty-prints structured content", () => {
    const dto = toCallOutcomeDto(
      projectCallResult({
        content: [
          { type: "image", data: "AAAA", mimeType: "image/png" },
          { type: "text", text: "hi" },
        ],
        structuredContent: { a: 1 },
        _meta: { "io.modelcontextprotocol/serverInfo": {}, trace: "x" },
      }),
    );
    expect(dto).toEqual({
      outcome: "known_response",
      response: {
        kind: "tool_result",
        isError: false,
        textBlocks: [{ index: 1, text: "hi" }],
        structuredJson: '{\n  "a": 1\n}',
        diagnostics: [
          { code: "mcp.call_content_unsupported", message: expect.stringContaining("image/png"), contentIndex: 0 },
          { code: "mcp.call_metadata_unsupported", message: expect.any(String) },
        ],
      },
    });
  });
  it("maps task, input_required and content-less results to unsupported_response", () => {
    expect(projectCallResult({ task: { taskId: "t" } })).toMatchObject({
      response: { kind: "unsupported_response", responseType: "task" },
    });
    expect(projectCallResult({ resultType: "input_required" })).toMatchObject({
      response: { kind: "unsupported_response", responseType: "input_required" },
    });
    expect(projectCallResult({ foo: 1 })).toMatchObject({
      response: { kind: "unsupported_response", responseType: "other" },
    });
  });
});

describe("McpCallRegistry", () => {
  it("tombstones expire after 60 s; duplicates are refused; finish only removes its own start", () => {
    let now = 0;
    const registry = new McpCallRegistry({ now: () => now });
    expect(registry.cancel("a")).toBe("not_running");
    expect(registry.start("a")).toEqual({ cancelled: true });
    expect(registry.cancel("b")).toBe("not_running");
    now = 60_001;
    const started = registry.start("b");
    expect(started.cancelled).toBe(false);
    expect(() => registry.start("b")).toThrowError(expect.objectContaining({ code: "mcp.call_id_in_use" }));
    expect(registry.cancel("b")).toBe("cancelled");
    expect(started.cancelled === false && started.signal.aborted).toBe(true);
    const again = registry.start("b");
    if (started.cancelled === false) registry.finish("b", started.signal);
    expect(registry.isRunning("b")).toBe(true);
    if (again.cancelled === false) registry.finish("b", again.signal);
    expect(registry.isRunning("b")).toBe(false);
  });
});
