/** workspace.list_files / search_files and the WorkspacePath rules through the tools (docs/spec/workspace.md §1, docs/spec/tool-system.md §2). */
import { describe, expect, it } from "vitest";
import { expectToolError, ok, workspaceFixture } from "./ws-helpers";

describe("workspace.list_files", () => {
  it("lists every visible root at the top, with depth", async () => {
    const { call } = await workspaceFixture({ roots: { visibleRoots: ["output", "plan"] } });
    ok(await call("workspace.write_file", { path: "output/main.md", content: "x" }));
    ok(await call("workspace.write_file", { path: "output/a/b/c.md", content: "x" }));
    for (const top of [{}, { path: "" }, { path: "." }, { path: "./" }]) {
      const out = await call("workspace.list_files", top);
      expect(ok(out).entries).toEqual([
        { path: "output", kind: "directory" },
        { path: "output/a", kind: "directory" },
        { path: "output/main.md", kind: "file" },
        { path: "plan", kind: "directory" },
      ]);
      expect(out.content).toBe("output/\noutput/a/\noutput/main.md\nplan/");
    }
    expect(
      ok(await call("workspace.list_files", { path: "output", depth: 4 })).entries.map((e: any) => e.path),
    ).toEqual(["output/a", "output/a/b", "output/a/b/c.md", "output/main.md"]);
    expect(ok(await call("workspace.list_files", { path: "output/main.md" })).entries).toEqual([
      { path: "output/main.md", kind: "file" },
    ]);
  });

  it("truncates at 200 entries", async () => {
    const { call } = await workspaceFixture();
    for (let i = 0; i < 205; i += 1)
      ok(await call("workspace.write_file", { path: `scratch/f${String(i).padStart(3, "0")}.md`, content: `${i}` }));
    const out = await call("workspace.list_files", { path: "scratch" });
    expect(ok(out).entries).toHaveLength(200);
    expect(ok(out).truncated).toBe(true);
    expect(out.content.endsWith("... truncated at 200 entries")).toBe(true);
  });

  it("reports depth, visibility, missing and invalid paths", async () => {
    const { call } = await workspaceFixture({ roots: { visibleRoots: ["output"] } });
    expectToolError(await call("workspace.list_files", { depth: 5 }), "workspace.list_depth_too_large");
    expectToolError(await call("workspace.list_files", { path: "scratch" }), "workspace.path_not_visible");
    expectToolError(await call("workspace.list_files", { path: "checkpoints" }), "workspace.path_not_visible");
    expectToolError(
      await call("workspace.list_files", { path: "model-responses/round-001.json" }),
      "workspace.path_not_visible",
    );
    expectToolError(await call("workspace.list_files", { path: "output/nope" }), "workspace.path_not_found");
    expectToolError(await call("workspace.list_files", { path: "output/../x" }), "workspace.invalid_path");
    expectToolError(await call("workspace.list_files", { path: "C:/output" }), "workspace.invalid_path");
    expectToolError(await call("workspace.list_files", { depth: "2" }), "tool.invalid_arguments");
  });
});

describe("WorkspacePath rules through a tool", () => {
  it.each([
    ["../escape.md"],
    ["output/../../x"],
    ["/output/a.md"],
    ["\\output\\a.md"],
    ["C:\\output\\a.md"],
    ["d:output/a.md"],
    ["output/a\u0000.md"],
    [""],
    ["./."],
    ["//"],
  ])("rejects %j with workspace.invalid_path", async (path) => {
    const { call } = await workspaceFixture();
    expectToolError(await call("workspace.write_file", { path, content: "x" }), "workspace.invalid_path");
  });

  it("normalizes backslashes, '.' and empty segments to one file", async () => {
    const { call } = await workspaceFixture();
    ok(await call("workspace.write_file", { path: "output\\notes\\./a.md", content: "x" }));
    expect(ok(await call("workspace.read_file", { path: "./output//notes/a.md" })).path).toBe("output/notes/a.md");
  });
});

describe("workspace.search_files", () => {
  it("finds case-insensitive hits with context, ranks them, and skips binary files", async () => {
    const { call } = await workspaceFixture();
    ok(
      await call("workspace.write_file", {
        path: "output/story.md",
        content: "intro\nThe Dragon woke.\nmiddle\nA dragon, a DRAGON.\nend\n",
      }),
    );
    ok(await call("workspace.write_file", { path: "plan/notes.md", content: "nothing here\n" }));
    ok(await call("workspace.write_file", { path: "scratch/bin.dat", content: "dragon\u0000\u0001" }));
    const out = await call("workspace.search_files", { query: "dragon", context_lines: 1 });
    const r = ok(out);
    expect(r).toMatchObject({ query: "dragon", searchedFiles: 2, skippedFiles: 1, truncated: false });
    expect(r.hits).toHaveLength(1); // line 2 and line 4 windows overlap → merged
    expect(r.hits[0]).toMatchObject({
      path: "output/story.md",
      startLine: 1,
      endLine: 5,
      ref: "workspace:output/story.md#L1-L5",
    });
    expect(r.hits[0].snippet).toContain("A dragon, a DRAGON.");
    expect(out.resourceRefs).toEqual(["workspace:output/story.md#L1-L5"]);
    const none = await call("workspace.search_files", { query: "unicorn" });
    expect(ok(none).hits).toEqual([]);
  });

  it("limits hits and scans only visible roots or the given path", async () => {
    const { call } = await workspaceFixture({ roots: { visibleRoots: ["output", "scratch"] } });
    for (let i = 0; i < 4; i += 1)
      ok(await call("workspace.write_file", { path: `output/f${i}.md`, content: `needle ${i}\n` }));
    ok(await call("workspace.write_file", { path: "scratch/s.md", content: "needle in scratch\n" }));
    const limited = ok(await call("workspace.search_files", { query: "needle", limit: 2 }));
    expect(limited.hits).toHaveLength(2);
    expect(limited.truncated).toBe(true);
    const scoped = ok(await call("workspace.search_files", { query: "needle", path: "scratch" }));
    expect(scoped.hits.map((h: any) => h.path)).toEqual(["scratch/s.md"]);
    expectToolError(
      await call("workspace.search_files", { query: "needle", path: "plan" }),
      "workspace.path_not_visible",
    );
    expectToolError(
      await call("workspace.search_files", { query: "needle", path: "output/none" }),
      "workspace.path_not_found",
    );
  });

  it("reports limit and context codes", async () => {
    const { call } = await workspaceFixture();
    expectToolError(await call("workspace.search_files", { query: "a", limit: 0 }), "workspace.search_limit_invalid");
    expectToolError(
      await call("workspace.search_files", { query: "a", limit: 51 }),
      "workspace.search_limit_too_large",
    );
    expectToolError(
      await call("workspace.search_files", { query: "a", context_lines: 6 }),
      "workspace.search_context_too_large",
    );
    expectToolError(await call("workspace.search_files", {}), "tool.invalid_arguments");
  });
});
