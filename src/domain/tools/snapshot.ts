/**
 * InvocationToolSnapshot and ToolTurnContract (docs/spec/tool-system.md §1).
 *
 * A snapshot freezes, per agent invocation, which tools the model may call, under which alias and
 * with which budgets. It is plain JSON (stored in SQLite between steps of the run). A turn contract
 * says which of those tools are offered in one model turn and the tool choice.
 */
import { isJsonObject } from "../json-object";
import { AppError } from "../errors";
import type { ToolDescriptor } from "./descriptor";
import type { ToolId } from "./tool-id";

/** One tool of a snapshot: its frozen descriptor, model alias and optional per-tool budget (> 0). */
export interface ToolBinding {
  descriptor: ToolDescriptor;
  modelAlias: string;
  maxCalls?: number;
}

/** `{schemaVersion: 1, id, bindings, maxCallsPerInvocation}`; ids and aliases unique, budgets > 0. */
export interface InvocationToolSnapshot {
  schemaVersion: 1;
  id: string;
  bindings: ToolBinding[];
  maxCallsPerInvocation: number;
}

/** Tool choice of one turn: none, auto, required (≥ 1 tool offered), or one specific offered tool. */
export type ToolChoice = "none" | "auto" | "required" | { specific: ToolId };

/** `{snapshotId, tools, choice}`: the tools offered in one model turn. */
export interface ToolTurnContract {
  snapshotId: string;
  tools: ToolId[];
  choice: ToolChoice;
}

/**
 * Builds and validates a snapshot. Errors: `tool.snapshot_id_empty`, `tool.snapshot_alias_empty`,
 * `tool.snapshot_duplicate_id`, `tool.snapshot_duplicate_alias`, `tool.snapshot_tool_budget_invalid`
 * (maxCalls not a positive integer), `tool.snapshot_budget_invalid` (maxCallsPerInvocation).
 */
export function createInvocationToolSnapshot(
  id: string,
  bindings: ToolBinding[],
  maxCallsPerInvocation: number,
): InvocationToolSnapshot {
  const snapshot: InvocationToolSnapshot = { schemaVersion: 1, id, bindings, maxCallsPerInvocation };
  validateSnapshot(snapshot);
  return snapshot;
}

/**
 * Strictly reads a stored snapshot (unknown fields rejected). Errors: `tool.snapshot_schema_unsupported`
 * for a wrong schemaVersion or shape, plus the createInvocationToolSnapshot codes.
 */
export function readInvocationToolSnapshot(value: unknown): InvocationToolSnapshot {
  const unsupported = (why: string) =>
    new AppError("tool.snapshot_schema_unsupported", `Stored tool snapshot is not readable: ${why}.`);
  if (!isJsonObject(value)) throw unsupported("not an object");
  if (value.schemaVersion !== 1) throw unsupported(`schemaVersion ${JSON.stringify(value.schemaVersion)} is not 1`);
  onlyKeys(value, ["schemaVersion", "id", "bindings", "maxCallsPerInvocation"], unsupported);
  if (typeof value.id !== "string" || !Array.isArray(value.bindings) || typeof value.maxCallsPerInvocation !== "number")
    throw unsupported("missing fields");
  const bindings = value.bindings.map((binding): ToolBinding => {
    if (!isJsonObject(binding)) throw unsupported("a binding is not an object");
    onlyKeys(binding, ["descriptor", "modelAlias", "maxCalls"], unsupported);
    const descriptor = binding.descriptor;
    if (
      !isJsonObject(descriptor) ||
      typeof descriptor.id !== "string" ||
      !isJsonObject(descriptor.inputSchema) ||
      !isJsonObject(descriptor.annotations)
    )
      throw unsupported("a descriptor is malformed");
    onlyKeys(descriptor, ["id", "title", "description", "inputSchema", "outputSchema", "annotations"], unsupported);
    if (typeof binding.modelAlias !== "string") throw unsupported("a model alias is not a string");
    if (binding.maxCalls !== undefined && typeof binding.maxCalls !== "number")
      throw unsupported("a budget is not a number");
    return binding as unknown as ToolBinding;
  });
  return createInvocationToolSnapshot(value.id, bindings, value.maxCallsPerInvocation);
}

/** The binding of `toolId`, or undefined. */
export function bindingById(snapshot: InvocationToolSnapshot, toolId: ToolId): ToolBinding | undefined {
  return snapshot.bindings.find((binding) => binding.descriptor.id === toolId);
}

/** Decodes a model alias through this snapshot's binding table only; undefined when unknown. */
export function bindingByAlias(snapshot: InvocationToolSnapshot, alias: string): ToolBinding | undefined {
  return snapshot.bindings.find((binding) => binding.modelAlias === alias);
}

/** A turn offering every tool of the snapshot (in binding order). Validated as createToolTurnContract. */
export function turnWithAllTools(snapshot: InvocationToolSnapshot, choice: ToolChoice = "auto"): ToolTurnContract {
  return createToolTurnContract(
    snapshot,
    snapshot.bindings.map((binding) => binding.descriptor.id),
    choice,
  );
}

/**
 * Builds and validates a turn contract against its snapshot. Errors: `tool.turn_duplicate_id`,
 * `tool.turn_tool_not_in_snapshot`, `tool.turn_required_empty` (required with no tools),
 * `tool.turn_specific_not_available` (specific tool not offered).
 */
export function createToolTurnContract(
  snapshot: InvocationToolSnapshot,
  tools: ToolId[],
  choice: ToolChoice,
): ToolTurnContract {
  const seen = new Set<ToolId>();
  for (const toolId of tools) {
    if (seen.has(toolId)) throw new AppError("tool.turn_duplicate_id", `Tool ${toolId} is listed twice in one turn.`);
    seen.add(toolId);
    if (!bindingById(snapshot, toolId))
      throw new AppError("tool.turn_tool_not_in_snapshot", `Tool ${toolId} is not in tool snapshot ${snapshot.id}.`);
  }
  if (choice === "required" && tools.length === 0)
    throw new AppError("tool.turn_required_empty", "A turn that requires a tool call must offer at least one tool.");
  if (typeof choice === "object" && !seen.has(choice.specific)) {
    throw new AppError(
      "tool.turn_specific_not_available",
      `The required tool ${choice.specific} is not offered in this turn.`,
    );
  }
  return { snapshotId: snapshot.id, tools: [...tools], choice };
}

function validateSnapshot(snapshot: InvocationToolSnapshot): void {
  if (snapshot.id.trim().length === 0) throw new AppError("tool.snapshot_id_empty", "A tool snapshot needs an id.");
  if (!isPositiveInteger(snapshot.maxCallsPerInvocation)) {
    throw new AppError(
      "tool.snapshot_budget_invalid",
      `The tool call budget per invocation must be a positive integer (got ${snapshot.maxCallsPerInvocation}).`,
    );
  }
  const ids = new Set<string>();
  const aliases = new Set<string>();
  for (const binding of snapshot.bindings) {
    const id = binding.descriptor.id;
    if (binding.modelAlias.length === 0)
      throw new AppError("tool.snapshot_alias_empty", `Tool ${id} has an empty model alias.`);
    if (ids.has(id))
      throw new AppError("tool.snapshot_duplicate_id", `Tool ${id} appears twice in tool snapshot ${snapshot.id}.`);
    if (aliases.has(binding.modelAlias))
      throw new AppError(
        "tool.snapshot_duplicate_alias",
        `Model alias ${binding.modelAlias} appears twice in tool snapshot ${snapshot.id}.`,
      );
    if (binding.maxCalls !== undefined && !isPositiveInteger(binding.maxCalls)) {
      throw new AppError(
        "tool.snapshot_tool_budget_invalid",
        `The call budget of tool ${id} must be a positive integer (got ${binding.maxCalls}).`,
      );
    }
    ids.add(id);
    aliases.add(binding.modelAlias);
  }
}

function isPositiveInteger(value: unknown): boolean {
  return typeof value === "number" && Number.isInteger(value) && value > 0;
}

function onlyKeys(value: Record<string, unknown>, allowed: string[], fail: (why: string) => Error): void {
  for (const key of Object.keys(value)) if (!allowed.includes(key)) throw fail(`unknown field "${key}"`);
}

/** What a provider request carries for one offered tool (docs/spec/agent-runtime.md §7 `AgentModelRequest.tools`). */
export interface ModelToolProjection {
  toolId: ToolId;
  modelAlias: string;
  description: string | null;
  inputSchema: ToolDescriptor["inputSchema"];
}

/**
 * The tools of one turn as the model request lists them, in the turn's order. Errors:
 * `tool.turn_snapshot_mismatch`, `tool.turn_tool_not_in_snapshot` (both internal).
 */
export function projectModelTools(snapshot: InvocationToolSnapshot, turn: ToolTurnContract): ModelToolProjection[] {
  if (turn.snapshotId !== snapshot.id)
    throw new AppError(
      "tool.turn_snapshot_mismatch",
      `Turn references tool snapshot ${turn.snapshotId} but ${snapshot.id} was supplied.`,
    );
  return turn.tools.map((toolId) => {
    const binding = bindingById(snapshot, toolId);
    if (!binding)
      throw new AppError("tool.turn_tool_not_in_snapshot", `Tool ${toolId} is not in tool snapshot ${snapshot.id}.`);
    return {
      toolId,
      modelAlias: binding.modelAlias,
      description: binding.descriptor.description ?? null,
      inputSchema: binding.descriptor.inputSchema,
    };
  });
}
