/**
 * The model-visible root universe and the run's resolved roots (docs/spec/workspace.md §1).
 * Universe: `output`, `scratch`, `plan`, `summaries`, `persist`. A profile may only narrow it
 * (`workspace.visibleRoots` / `writableRoots`; writable ⊆ visible; visible non-empty).
 * Hidden run areas (`input/`, `tool-args/`, `tool-results/`, `model-responses/`, `checkpoints/`, …)
 * are never reachable through model tools: they are not roots, so every tool answers
 * `workspace.path_not_visible` / `workspace.path_not_writable` for them.
 */
import { AppError } from "../errors";
import { firstSegment } from "./paths";
import { ToolError } from "./tool-error";

/** The five model-visible roots, in manifest order. */
export const ROOT_UNIVERSE = ["output", "scratch", "plan", "summaries", "persist"] as const;
export type RootName = (typeof ROOT_UNIVERSE)[number];

/** Hidden run storage names (documentation and tests; never roots). */
export const HIDDEN_AREAS = [
  "input",
  "tool-args",
  "tool-results",
  "model-responses",
  "checkpoints",
  "agent-results",
  "invocations",
  "tasks",
  "events.jsonl",
  "manifest.json",
  "run.json",
] as const;

/** One manifest root entry (docs/spec/workspace.md §1 manifest `roots[]`). */
export interface WorkspaceRoot {
  path: RootName;
  lifecycle: "run" | "persistent";
  scope: "run" | "chat";
  mount: "materialized" | "projected_overlay";
  visible: boolean;
  writable: boolean;
  commit: "never" | "on_run_completed";
}

/** Profile root policy; both lists default to the whole universe. */
export interface RootPolicy {
  visibleRoots?: readonly string[];
  writableRoots?: readonly string[];
}

function isRootName(name: string): name is RootName {
  return (ROOT_UNIVERSE as readonly string[]).includes(name);
}

/**
 * Resolves the run's roots from a profile policy.
 * @throws AppError `workspace.invalid_roots` (unknown root, empty visible set, writable ⊄ visible).
 */
export function resolveRoots(policy: RootPolicy = {}): WorkspaceRoot[] {
  const visible = policy.visibleRoots ?? ROOT_UNIVERSE;
  const writable = policy.writableRoots ?? visible;
  for (const name of [...visible, ...writable]) {
    if (!isRootName(name))
      throw new AppError(
        "workspace.invalid_roots",
        `"${name}" is not a workspace root; roots are ${ROOT_UNIVERSE.join(", ")}.`,
      );
  }
  if (visible.length === 0)
    throw new AppError("workspace.invalid_roots", "At least one workspace root must be visible.");
  for (const name of writable) {
    if (!visible.includes(name))
      throw new AppError("workspace.invalid_roots", `Writable root "${name}" must also be visible.`);
  }
  return ROOT_UNIVERSE.map((path) => {
    const persistent = path === "persist";
    return {
      path,
      lifecycle: persistent ? "persistent" : "run",
      scope: persistent ? "chat" : "run",
      mount: persistent ? "projected_overlay" : "materialized",
      visible: visible.includes(path),
      writable: writable.includes(path),
      commit: persistent ? "on_run_completed" : "never",
    };
  });
}

/** Narrows `roots` for a child invocation (only ever removes access). */
export function narrowRoots(roots: readonly WorkspaceRoot[], policy: RootPolicy): WorkspaceRoot[] {
  const narrowed = resolveRoots(policy);
  return roots.map((root) => {
    const other = narrowed.find((r) => r.path === root.path);
    return { ...root, visible: root.visible && !!other?.visible, writable: root.writable && !!other?.writable };
  });
}

/** Names of the visible roots, universe order. */
export function visibleRootNames(roots: readonly WorkspaceRoot[]): RootName[] {
  return roots.filter((r) => r.visible).map((r) => r.path);
}

/**
 * The root of a normalized path when it is visible.
 * @throws ToolError `workspace.path_not_visible`.
 */
export function requireVisible(path: string, roots: readonly WorkspaceRoot[]): WorkspaceRoot {
  const root = roots.find((r) => r.path === firstSegment(path));
  if (!root || !root.visible) {
    throw new ToolError(
      "workspace.path_not_visible",
      `${path} is outside the visible workspace roots (${visibleRootNames(roots).join(", ")}).`,
    );
  }
  return root;
}

/**
 * The root of a normalized path when it is writable.
 * @throws ToolError `workspace.path_not_writable`.
 */
export function requireWritable(path: string, roots: readonly WorkspaceRoot[]): WorkspaceRoot {
  const root = roots.find((r) => r.path === firstSegment(path));
  if (!root || !root.visible || !root.writable) {
    const writable = roots.filter((r) => r.visible && r.writable).map((r) => r.path);
    throw new ToolError(
      "workspace.path_not_writable",
      `${path} is not in a writable workspace root (${writable.join(", ") || "none"}).`,
    );
  }
  return root;
}
