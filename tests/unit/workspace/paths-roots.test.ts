import { describe, expect, it } from "vitest";
import { isWorkspaceTop, normalizeWorkspacePath } from "../../../src/domain/workspace/paths";
import { narrowRoots, requireVisible, requireWritable, resolveRoots } from "../../../src/domain/workspace/roots";
import { buildManifest } from "../../../src/domain/workspace/manifest";

function code(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe("WorkspacePath", () => {
  it.each([
    ["output/a.md", "output/a.md"],
    ["output\\notes\\a.md", "output/notes/a.md"],
    ["./output/./a.md", "output/a.md"],
    ["output//a.md/", "output/a.md"],
    ["output/...", "output/..."],
    ["output/a..b.md", "output/a..b.md"],
  ])("normalizes %j → %j", (raw, expected) => expect(normalizeWorkspacePath(raw)).toBe(expected));

  it.each([
    ["", "empty"],
    ["   ", "blank"],
    [".", "only dot"],
    ["./", "dot slash"],
    ["//", "only separators"],
    ["/abs.md", "leading slash"],
    ["\\abs.md", "leading backslash"],
    ["C:/x.md", "drive"],
    ["c:x.md", "drive without separator"],
    ["..", "parent"],
    ["output/../x", "parent inside"],
    ["output\\..\\x", "parent with backslashes"],
    ["a\u0000b", "NUL"],
    ["output/" + "a".repeat(1100), "too long"],
  ])("rejects %j (%s) with workspace.invalid_path", (raw) =>
    expect(code(() => normalizeWorkspacePath(raw))).toBe("workspace.invalid_path"),
  );

  it("knows the list_files top forms", () => {
    for (const top of [undefined, "", ".", "./"]) expect(isWorkspaceTop(top)).toBe(true);
    expect(isWorkspaceTop("output")).toBe(false);
  });
});

describe("roots", () => {
  it("resolves the five roots with persist as the chat-scoped projected overlay", () => {
    const roots = resolveRoots();
    expect(roots.map((r) => r.path)).toEqual(["output", "scratch", "plan", "summaries", "persist"]);
    expect(roots.find((r) => r.path === "persist")).toEqual({
      path: "persist",
      lifecycle: "persistent",
      scope: "chat",
      mount: "projected_overlay",
      visible: true,
      writable: true,
      commit: "on_run_completed",
    });
    expect(roots.find((r) => r.path === "output")).toMatchObject({
      lifecycle: "run",
      scope: "run",
      mount: "materialized",
      commit: "never",
    });
  });

  it("lets a profile only narrow and validates the policy", () => {
    const roots = resolveRoots({ visibleRoots: ["output", "plan"], writableRoots: ["output"] });
    expect(code(() => requireVisible("plan/a.md", roots))).toBeNull();
    expect(code(() => requireVisible("scratch/a.md", roots))).toBe("workspace.path_not_visible");
    expect(code(() => requireVisible("input/prompt_snapshot.json", roots))).toBe("workspace.path_not_visible");
    expect(code(() => requireWritable("plan/a.md", roots))).toBe("workspace.path_not_writable");
    expect(code(() => resolveRoots({ visibleRoots: [] }))).toBe("workspace.invalid_roots");
    expect(code(() => resolveRoots({ visibleRoots: ["output"], writableRoots: ["plan"] }))).toBe(
      "workspace.invalid_roots",
    );
    expect(code(() => resolveRoots({ visibleRoots: ["input"] }))).toBe("workspace.invalid_roots");
    const child = narrowRoots(roots, { visibleRoots: ["output", "scratch"], writableRoots: [] });
    expect(child.filter((r) => r.visible).map((r) => r.path)).toEqual(["output"]);
    expect(child.some((r) => r.writable)).toBe(false);
  });

  it("builds the manifest with one message_body artifact", () => {
    const manifest = buildManifest({
      runId: "run_1",
      stableChatId: "c",
      chatRef: { kind: "character" },
      createdAt: 0,
      roots: resolveRoots(),
    });
    expect(manifest).toMatchObject({
      workspaceVersion: 1,
      createdAt: "1970-01-01T00:00:00.000Z",
      input: { mode: "prompt_snapshot", promptSnapshotPath: "input/prompt_snapshot.json" },
    });
    expect(manifest.artifacts).toEqual([
      {
        id: "main",
        path: "output/main.md",
        kind: "markdown",
        target: "message_body",
        required: true,
        assemblyOrder: 0,
      },
    ]);
    expect(
      code(() =>
        buildManifest({
          runId: "r",
          stableChatId: "c",
          chatRef: {},
          createdAt: 0,
          roots: resolveRoots({ visibleRoots: ["plan"] }),
        }),
      ),
    ).toBe("workspace.invalid_artifact");
  });
});
