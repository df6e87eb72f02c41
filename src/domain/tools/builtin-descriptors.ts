/**
 * The 14 builtin Agent tools (docs/spec/tool-system.md §2), as ToolDescriptors addressed `builtin:<name>`.
 * Model alias = name with `.` → `_` (`workspace.read_file` → `workspace_read_file`).
 * Every input schema has root `type: "object"` and `additionalProperties: false`; `outputSchema`
 * is absent. Delegation tools (`agent.*`, `task.return`) are not built yet (docs/spec/agent-runtime.md §6), but
 * their ids are known so snapshots and the gate can name them.
 */
import { AppError } from "../errors";
import type { JsonObject, ToolDescriptor } from "./descriptor";
import { BUILTIN_PROVIDER_ID, builtinToolId, type ToolId } from "./tool-id";

/** Names of the 14 non-delegation builtin tools, in registry order (docs/spec/tool-system.md §2). */
export const BUILTIN_TOOL_NAMES = [
  "chat.search",
  "chat.read_messages",
  "worldinfo.read_activated",
  "dice.roll",
  "skill.list",
  "skill.search",
  "skill.read",
  "workspace.list_files",
  "workspace.search_files",
  "workspace.read_file",
  "workspace.write_file",
  "workspace.apply_patch",
  "workspace.commit",
  "workspace.finish",
] as const;

/** A builtin tool name. */
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

/** Tools that complete (or transfer) an invocation and must be the last call of a model turn (docs/spec/tool-system.md §1, docs/spec/agent-runtime.md §4). */
export const COMPLETION_TOOL_IDS: ReadonlySet<ToolId> = new Set([
  "builtin:workspace.finish",
  "builtin:agent.handoff",
  "builtin:task.return",
]);

/** Runtime-only alias reserved in every agent snapshot (docs/spec/tool-system.md §4.2). */
export const TASK_RETURN_ALIAS = "task_return";

/** Builtin model alias: the name with every `.` replaced by `_`. */
export function builtinModelAlias(name: string): string {
  return name.replaceAll(".", "_");
}

const str = (description: string): JsonObject => ({ type: "string", description });
const int = (description: string, bounds: { minimum?: number; maximum?: number } = {}): JsonObject => ({
  type: "integer",
  ...bounds,
  description,
});
const objectSchema = (properties: Record<string, JsonObject>, required: string[] = []): JsonObject => ({
  type: "object",
  additionalProperties: false,
  properties,
  ...(required.length > 0 ? { required } : {}),
});
const ROOTS = "output/, scratch/, plan/, summaries/ and persist/";

interface BuiltinSpec {
  name: BuiltinToolName;
  title: string;
  description: string;
  inputSchema: JsonObject;
  annotations: JsonObject;
}

const SPECS: BuiltinSpec[] = [
  {
    name: "chat.search",
    title: "Search chat",
    description:
      "Search the messages of the current chat (the history frozen when this run started). Returns scored snippets with message indexes; read whole messages with chat_read_messages.",
    inputSchema: objectSchema(
      {
        query: str("Text to look for."),
        limit: int("Most hits to return (default 20, at most 50).", { minimum: 1, maximum: 50 }),
        role: {
          type: "string",
          enum: ["user", "assistant", "system"],
          description: "Only search messages with this role.",
        },
        start_message: int("First message index to search (0-based, inclusive).", { minimum: 0 }),
        end_message: int("Last message index to search (0-based, inclusive).", { minimum: 0 }),
        scan_limit: int("Only scan this many of the most recent messages (at most 100000).", {
          minimum: 1,
          maximum: 100000,
        }),
      },
      ["query"],
    ),
    annotations: { readOnly: true, sourceKind: "chat" },
  },
  {
    name: "chat.read_messages",
    title: "Read chat messages",
    description:
      "Read messages of the current chat by 0-based index: up to 20 per call, a full message up to 8000 characters (use start_char/max_chars ranges for longer ones), 20000 characters in total.",
    inputSchema: objectSchema(
      {
        messages: {
          type: "array",
          minItems: 1,
          description: "The messages to read.",
          items: objectSchema(
            {
              index: int("0-based message index.", { minimum: 0 }),
              start_char: int("0-based first character of a range read.", { minimum: 0 }),
              max_chars: int("Most characters of a range read (at most 8000).", { minimum: 1 }),
            },
            ["index"],
          ),
        },
      },
      ["messages"],
    ),
    annotations: { readOnly: true, sourceKind: "chat" },
  },
  {
    name: "worldinfo.read_activated",
    title: "Read activated world info",
    description:
      "Read the world-info entries activated for this generation. Without arguments it lists the entries; with entries it returns their text (up to 20 entries, 8000 characters each, 20000 in total).",
    inputSchema: objectSchema({
      entries: {
        type: "array",
        minItems: 1,
        description: "Entries to read, by the ref the index listing returned.",
        items: objectSchema(
          {
            ref: str("Entry ref such as worldinfo:<world>#<uid>."),
            start_char: int("0-based first character of a range read.", { minimum: 0 }),
            max_chars: int("Most characters to return (at most 8000).", { minimum: 1 }),
          },
          ["ref"],
        ),
      },
    }),
    annotations: { readOnly: true, sourceKind: "worldinfo" },
  },
  {
    name: "dice.roll",
    title: "Roll dice",
    description:
      "Roll dice with a formula such as 2d6, d20, 3d8+2, 1d10-1, or a plain number N meaning 1dN. No spaces; at most 100 dice of up to 1000000 sides.",
    inputSchema: objectSchema({ formula: str("Dice formula, e.g. 2d6+1.") }, ["formula"]),
    annotations: { readOnly: true, idempotent: false, sourceKind: "random" },
  },
  {
    name: "skill.list",
    title: "List skills",
    description: "List the skills this agent may use, with their descriptions.",
    inputSchema: objectSchema({}),
    annotations: { readOnly: true, sourceKind: "skill" },
  },
  {
    name: "skill.search",
    title: "Search a skill",
    description:
      "Search the files of one skill for text. Returns snippets with line ranges; read exact text with skill_read. Snippets count against the skill read budget.",
    inputSchema: objectSchema(
      {
        name: str("Skill name."),
        query: str("Text to look for."),
        path: str("File or directory inside the skill to limit the search to."),
        limit: int("Most hits to return (default 20, at most 50)."),
        context_lines: int("Lines of context around each hit (default 2, at most 5)."),
      },
      ["name", "query"],
    ),
    annotations: { readOnly: true, sourceKind: "skill" },
  },
  {
    name: "skill.read",
    title: "Read a skill file",
    description:
      "Read a file of a skill (default SKILL.md). Use either a line range (start_line, line_count) or a character range (start_char, max_chars), not both.",
    inputSchema: objectSchema(
      {
        name: str("Skill name."),
        path: str("Path inside the skill; defaults to SKILL.md."),
        max_chars: int("Most characters to return."),
        start_line: int("1-based first line of a line range."),
        line_count: int("Number of lines of a line range."),
        start_char: int("0-based first character of a character range."),
      },
      ["name"],
    ),
    annotations: { readOnly: true, sourceKind: "skill" },
  },
  {
    name: "workspace.list_files",
    title: "List workspace files",
    description: `List files in the visible workspace roots (${ROOTS}). Omit path to list every visible root. At most 200 entries.`,
    inputSchema: objectSchema({
      path: str("Workspace directory or file to list; omit for all visible roots."),
      depth: int("How deep to list (default 2, at most 4)."),
    }),
    annotations: { readOnly: true },
  },
  {
    name: "workspace.search_files",
    title: "Search workspace files",
    description: `Search the text files of the visible workspace roots (${ROOTS}) for plain text. Returns snippets with line ranges; read exact text with workspace_read_file.`,
    inputSchema: objectSchema(
      {
        query: str("Plain text to look for."),
        path: str("Workspace file or directory to limit the search to."),
        limit: int("Most hits to return (default 20, at most 50)."),
        context_lines: int("Lines of context around each hit (default 2, at most 5)."),
      },
      ["query"],
    ),
    annotations: { readOnly: true },
  },
  {
    name: "workspace.read_file",
    title: "Read a workspace file",
    description:
      "Read a workspace text file (a file, not a directory or root) with line numbers. Omit the range for a full read; use start_line/line_count or start_char/max_chars for part of it. Read the text you want to change before patching it.",
    inputSchema: objectSchema(
      {
        path: str(`Workspace file path under ${ROOTS}`),
        start_line: int("1-based first line."),
        line_count: int("Number of lines to read (at most 1200)."),
        start_char: int("0-based first character; do not combine with a line range."),
        max_chars: int("Most characters to read (at most 80000)."),
      },
      ["path"],
    ),
    annotations: { readOnly: true },
  },
  {
    name: "workspace.write_file",
    title: "Write a workspace file",
    description:
      "Write text to a writable workspace file. mode replace (default) writes the whole file and needs a prior full read when the file exists; mode append adds the content exactly at the end and creates the file when missing.",
    inputSchema: objectSchema(
      {
        path: str("Writable workspace file path."),
        content: str("The whole new text (replace) or the exact text to add (append)."),
        mode: { type: "string", enum: ["replace", "append"], description: "replace (default) or append." },
      },
      ["path", "content"],
    ),
    annotations: { mutating: true },
  },
  {
    name: "workspace.apply_patch",
    title: "Patch a workspace file",
    description:
      "Replace an exact piece of text in one workspace file. old_string must be text you read in this run (or the file was written by you) and must match exactly once unless replace_all is true.",
    inputSchema: objectSchema(
      {
        path: str("Writable workspace file path."),
        old_string: str("Exact text to replace, without line-number prefixes."),
        new_string: str("Replacement text."),
        replace_all: {
          type: "boolean",
          description: "Replace every occurrence (needs a full read). Defaults to false.",
        },
      },
      ["path", "old_string", "new_string"],
    ),
    annotations: { mutating: true },
  },
  {
    name: "workspace.commit",
    title: "Commit to the chat",
    description:
      "Publish a workspace file as this run's chat message. Without arguments it replaces the message with output/main.md; mode append adds to it. You may keep editing and commit again; call workspace_finish after the last commit instead of answering in plain text.",
    inputSchema: objectSchema({
      path: str("Workspace file to publish; defaults to the profile's message body (output/main.md)."),
      mode: { type: "string", enum: ["replace", "append"], description: "replace (default) or append." },
      reason: str("Short reason for this commit."),
    }),
    annotations: { control: true, mutating: true },
  },
  {
    name: "workspace.finish",
    title: "Finish the run",
    description:
      "Finish the agent run once the message is committed and the work is done. Must be the last tool call of its turn.",
    inputSchema: objectSchema({ reason: str("Short reason for finishing.") }),
    annotations: { control: true },
  },
];

/** One builtin tool: its name, model alias and descriptor. */
export interface BuiltinTool {
  name: BuiltinToolName;
  modelAlias: string;
  descriptor: ToolDescriptor;
}

/** The 14 builtin tools in registry order. Treat as read-only; use builtinDescriptor() for a copy to edit. */
export const BUILTIN_TOOLS: ReadonlyArray<BuiltinTool> = SPECS.map((spec) => ({
  name: spec.name,
  modelAlias: builtinModelAlias(spec.name),
  descriptor: {
    id: builtinToolId(spec.name),
    title: spec.title,
    description: spec.description,
    inputSchema: spec.inputSchema,
    annotations: spec.annotations,
  },
}));

const BY_NAME = new Map<string, BuiltinTool>(BUILTIN_TOOLS.map((tool) => [tool.name, tool]));

/** The ToolIds of the 14 builtin tools (`builtin:<name>`), in registry order. */
export const BUILTIN_TOOL_IDS: ReadonlyArray<ToolId> = BUILTIN_TOOLS.map((tool) => tool.descriptor.id);

/** True when `name` is one of the 14 builtin tool names. */
export function isBuiltinToolName(name: string): name is BuiltinToolName {
  return BY_NAME.has(name);
}

/**
 * A deep copy of the descriptor of builtin tool `nameOrId` (`workspace.read_file` or
 * `builtin:workspace.read_file`). Unknown → AppError `agent.tool_denied`.
 */
export function builtinDescriptor(nameOrId: string): ToolDescriptor {
  const name = nameOrId.startsWith(`${BUILTIN_PROVIDER_ID}:`)
    ? nameOrId.slice(BUILTIN_PROVIDER_ID.length + 1)
    : nameOrId;
  const tool = BY_NAME.get(name);
  if (!tool) throw new AppError("agent.tool_denied", `"${nameOrId}" is not a builtin tool.`);
  return structuredClone(tool.descriptor);
}
