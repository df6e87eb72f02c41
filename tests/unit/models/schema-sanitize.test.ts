/** One test per tool-schema sanitization rule (docs/spec/agent-runtime.md §7; src/domain/models/schema-sanitize.ts). */
import { describe, expect, it } from "vitest";
import { ModelError } from "../../../src/domain/models/errors";
import { sanitizeToolSchema } from "../../../src/domain/models/schema-sanitize";

describe("tool schema sanitization", () => {
  it("works on a copy: the canonical schema is never changed", () => {
    const schema = {
      $schema: "x",
      type: "object",
      properties: { list: { type: "array" } },
      additionalProperties: false,
    };
    const before = structuredClone(schema);
    sanitizeToolSchema("openai", schema, "t");
    sanitizeToolSchema("anthropic", schema, "t");
    sanitizeToolSchema("gemini", schema, "t");
    expect(schema).toEqual(before);
  });

  it("all providers: the root becomes an object schema", () => {
    for (const family of ["openai", "anthropic", "gemini"] as const) {
      expect(sanitizeToolSchema(family, {}, "t")).toEqual({ type: "object", properties: {} });
      expect(sanitizeToolSchema(family, { description: "d" }, "t")).toMatchObject({
        type: "object",
        properties: {},
        description: "d",
      });
    }
  });

  describe("openai family", () => {
    it("arrays without items get items: {} at any depth (type arrays too); other keywords are kept", () => {
      const out = sanitizeToolSchema(
        "openai",
        {
          type: "object",
          additionalProperties: false,
          properties: {
            a: { type: "array" },
            b: { type: ["array", "null"] },
            c: { type: "array", items: { type: "string" } },
            d: { type: "object", properties: { e: { type: "array" } } },
          },
        },
        "t",
      );
      expect(out.properties).toEqual({
        a: { type: "array", items: {} },
        b: { type: ["array", "null"], items: {} },
        c: { type: "array", items: { type: "string" } },
        d: { type: "object", properties: { e: { type: "array", items: {} } } },
      });
      expect(out.additionalProperties).toBe(false);
    });

    it("enum/const/default values are data, not schemas", () => {
      const out = sanitizeToolSchema(
        "openai",
        { type: "object", properties: { k: { enum: [{ type: "array" }], default: { type: "array" } } } },
        "t",
      );
      expect(out.properties).toEqual({ k: { enum: [{ type: "array" }], default: { type: "array" } } });
    });
  });

  describe("anthropic", () => {
    it("drops $schema and $id at every level, keeps the rest", () => {
      const out = sanitizeToolSchema(
        "anthropic",
        {
          $schema: "https://json-schema.org/draft/2020-12/schema",
          $id: "urn:x",
          type: "object",
          additionalProperties: false,
          properties: { a: { $id: "urn:a", type: "string", title: "A" } },
        },
        "t",
      );
      expect(out).toEqual({
        type: "object",
        additionalProperties: false,
        properties: { a: { type: "string", title: "A" } },
      });
    });
  });

  describe("gemini", () => {
    it("drops keywords outside Gemini's schema subset ($schema, additionalProperties, title, default, allOf, not, examples…)", () => {
      const out = sanitizeToolSchema(
        "gemini",
        {
          $schema: "x",
          $id: "y",
          title: "T",
          type: "object",
          additionalProperties: false,
          patternProperties: { "^x": {} },
          properties: {
            a: {
              type: "string",
              title: "A",
              default: "z",
              examples: ["q"],
              minLength: 1,
              not: { const: "b" },
              allOf: [{ type: "string" }],
            },
          },
        },
        "t",
      );
      expect(out).toEqual({ type: "object", properties: { a: { type: "string", minLength: 1 } } });
    });

    it("inlines local $defs/$ref and drops $defs", () => {
      const out = sanitizeToolSchema(
        "gemini",
        {
          type: "object",
          properties: {
            who: { $ref: "#/$defs/Person", description: "the person" },
            old: { $ref: "#/definitions/Age" },
          },
          $defs: { Person: { type: "object", properties: { name: { type: "string" } } } },
          definitions: { Age: { type: "integer" } },
        },
        "t",
      );
      expect(out).toEqual({
        type: "object",
        properties: {
          who: { type: "object", description: "the person", properties: { name: { type: "string" } } },
          old: { type: "integer" },
        },
      });
    });

    it("cuts a recursive reference to a plain object instead of looping", () => {
      const out = sanitizeToolSchema(
        "gemini",
        {
          type: "object",
          properties: { tree: { $ref: "#/$defs/Node" } },
          $defs: {
            Node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/Node" } } } },
          },
        },
        "t",
      );
      expect(out.properties).toEqual({
        tree: { type: "object", properties: { children: { type: "array", items: { type: "object" } } } },
      });
    });

    it("a reference that cannot be resolved raises model.request_build_failed naming the tool", () => {
      expect(() =>
        sanitizeToolSchema("gemini", { type: "object", properties: { a: { $ref: "#/$defs/Missing" } } }, "lookup"),
      ).toThrow(ModelError);
      try {
        sanitizeToolSchema(
          "gemini",
          { type: "object", properties: { a: { $ref: "https://example.com/s.json" } } },
          "lookup",
        );
      } catch (error) {
        expect((error as ModelError).code).toBe("model.request_build_failed");
        expect((error as ModelError).message).toContain("lookup");
      }
    });

    it("type arrays: one non-null type is kept, several are dropped", () => {
      const out = sanitizeToolSchema(
        "gemini",
        {
          type: "object",
          properties: { a: { type: ["string", "null"] }, b: { type: ["string", "number"], description: "x" } },
        },
        "t",
      );
      expect(out.properties).toEqual({ a: { type: "string" }, b: { description: "x" } });
    });

    it("boolean sub-schemas: true → {}, false → property removed (and dropped from required)", () => {
      const out = sanitizeToolSchema(
        "gemini",
        {
          type: "object",
          properties: { any: true, never: false, list: { type: "array", items: true } },
          required: ["any", "never"],
        },
        "t",
      );
      expect(out).toEqual({
        type: "object",
        properties: { any: {}, list: { type: "array", items: {} } },
        required: ["any"],
      });
    });

    it("const becomes a one-value enum; oneOf becomes anyOf; non-string enums and unknown formats are dropped", () => {
      const out = sanitizeToolSchema(
        "gemini",
        {
          type: "object",
          properties: {
            mode: { type: "string", const: "fast" },
            choice: { oneOf: [{ type: "string" }, { type: "integer" }] },
            level: { type: "integer", enum: [1, 2, 3] },
            when: { type: "string", format: "date-time" },
            mail: { type: "string", format: "email" },
          },
        },
        "t",
      );
      expect(out.properties).toEqual({
        mode: { type: "string", enum: ["fast"] },
        choice: { anyOf: [{ type: "string" }, { type: "integer" }] },
        level: { type: "integer" },
        when: { type: "string", format: "date-time" },
        mail: { type: "string" },
      });
    });

    it("required keeps only names present in properties", () => {
      const out = sanitizeToolSchema(
        "gemini",
        { type: "object", properties: { a: { type: "string" } }, required: ["a", "ghost"] },
        "t",
      );
      expect(out.required).toEqual(["a"]);
    });
  });
});
