import { describe, expect, it } from "vitest";
import { AppError } from "../../../src/domain/errors";
import {
  BUILTIN_TOOL_IDS,
  BUILTIN_TOOLS,
  COMPLETION_TOOL_IDS,
  builtinDescriptor,
  builtinModelAlias,
} from "../../../src/domain/tools/builtin-descriptors";

const EXPECTED = [
  ["chat.search", "chat_search", ["query"]],
  ["chat.read_messages", "chat_read_messages", ["messages"]],
  ["worldinfo.read_activated", "worldinfo_read_activated", []],
  ["dice.roll", "dice_roll", ["formula"]],
  ["skill.list", "skill_list", []],
  ["skill.search", "skill_search", ["name", "query"]],
  ["skill.read", "skill_read", ["name"]],
  ["workspace.list_files", "workspace_list_files", []],
  ["workspace.search_files", "workspace_search_files", ["query"]],
  ["workspace.read_file", "workspace_read_file", ["path"]],
  ["workspace.write_file", "workspace_write_file", ["path", "content"]],
  ["workspace.apply_patch", "workspace_apply_patch", ["path", "old_string", "new_string"]],
  ["workspace.commit", "workspace_commit", []],
  ["workspace.finish", "workspace_finish", []],
] as const;

describe("builtin tool descriptors (docs/spec/tool-system.md §2)", () => {
  it("lists the 14 non-delegation tools in registry order", () => {
    expect(BUILTIN_TOOLS.map((tool) => tool.name)).toEqual(EXPECTED.map(([name]) => name));
    expect(BUILTIN_TOOL_IDS).toEqual(EXPECTED.map(([name]) => `builtin:${name}`));
  });

  it.each(EXPECTED)("%s → alias %s, strict object schema, required %j", (name, alias, required) => {
    const tool = BUILTIN_TOOLS.find((candidate) => candidate.name === name)!;
    expect(tool.modelAlias).toBe(alias);
    expect(builtinModelAlias(name)).toBe(alias);
    const d = tool.descriptor;
    expect(d.id).toBe(`builtin:${name}`);
    expect(d.title).toEqual(expect.any(String));
    expect(d.description!.length).toBeGreaterThan(20);
    expect(d.inputSchema.type).toBe("object");
    expect(d.inputSchema.additionalProperties).toBe(false);
    expect(d.inputSchema.required ?? []).toEqual(required);
    expect(d.outputSchema).toBeUndefined();
    expect(typeof d.annotations).toBe("object");
  });

  it("nested item schemas are strict too", () => {
    const items = (builtinDescriptor("chat.read_messages").inputSchema.properties as any).messages.items;
    expect(items).toMatchObject({ type: "object", additionalProperties: false, required: ["index"] });
  });

  it.each([
    ["chat.search", { readOnly: true, sourceKind: "chat" }],
    ["dice.roll", { readOnly: true, idempotent: false, sourceKind: "random" }],
    ["workspace.write_file", { mutating: true }],
    ["workspace.commit", { control: true, mutating: true }],
    ["workspace.finish", { control: true }],
  ])("annotations of %s", (name, annotations) => {
    expect(builtinDescriptor(name).annotations).toEqual(annotations);
  });

  it("builtinDescriptor returns an independent copy, by name or ToolId", () => {
    const copy = builtinDescriptor("builtin:workspace.read_file");
    copy.description = "changed";
    (copy.inputSchema.properties as any).path.description = "changed";
    const again = builtinDescriptor("workspace.read_file");
    expect(again.description).not.toBe("changed");
    expect((again.inputSchema.properties as any).path.description).not.toBe("changed");
  });

  it("unknown builtin → agent.tool_denied", () => {
    expect(() => builtinDescriptor("agent.delegate")).toThrow(AppError);
    try {
      builtinDescriptor("nope");
    } catch (error) {
      expect((error as AppError).code).toBe("agent.tool_denied");
    }
  });

  it("completion tools are finish, handoff and task.return (not commit)", () => {
    expect([...COMPLETION_TOOL_IDS].sort()).toEqual([
      "builtin:agent.handoff",
      "builtin:task.return",
      "builtin:workspace.finish",
    ]);
  });
});
