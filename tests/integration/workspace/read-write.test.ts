/** workspace.read_file / write_file / apply_patch: every code and read-state rule (docs/spec/tool-system.md §2). */
import { describe, expect, it } from "vitest";
import { expectToolError, ok, workspaceFixture } from "./ws-helpers";

describe("workspace.write_file", () => {
  it("creates a new file without a read and reports metrics and the file_written effect", async () => {
    const { call } = await workspaceFixture();
    const out = await call("workspace.write_file", { path: "output\\main.md", content: "Hello brave world\n" });
    expect(ok(out)).toEqual({
      path: "output/main.md",
      mode: "replace",
      chars: 18,
      words: 3,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(out.isError === false && out.effect).toMatchObject({
      kind: "file_written",
      path: "output/main.md",
      mode: "replace",
    });
    expect(out.isError === false && out.content).not.toContain("Hello");
  });

  it("refuses to replace an existing file that was never read (write_requires_read)", async () => {
    const { call } = await workspaceFixture();
    ok(await call("workspace.write_file", { path: "output/a.md", content: "one" }));
    // A different invocation (a child) has not read it.
    expectToolError(
      await call("workspace.write_file", { path: "output/a.md", content: "two" }, { invocationId: "inv_child" }),
      "workspace.write_requires_read",
    );
    // The creator knows the file fully and may replace it.
    ok(await call("workspace.write_file", { path: "output/a.md", content: "two" }));
  });

  it("refuses a stale replace after someone else changed the file (write_stale_file)", async () => {
    const { call } = await workspaceFixture();
    ok(await call("workspace.write_file", { path: "scratch/n.md", content: "v1" }));
    ok(await call("workspace.read_file", { path: "scratch/n.md" }, { invocationId: "inv_b" }));
    ok(await call("workspace.write_file", { path: "scratch/n.md", content: "v2" })); // inv_root changes it
    expectToolError(
      await call("workspace.write_file", { path: "scratch/n.md", content: "v3" }, { invocationId: "inv_b" }),
      "workspace.write_stale_file",
    );
    ok(await call("workspace.read_file", { path: "scratch/n.md" }, { invocationId: "inv_b" }));
    ok(await call("workspace.write_file", { path: "scratch/n.md", content: "v3" }, { invocationId: "inv_b" }));
  });

  it("accepts a replace after a partial read of the current version", async () => {
    const { call } = await workspaceFixture();
    ok(await call("workspace.write_file", { path: "plan/p.md", content: "a\nb\nc\n" }));
    ok(
      await call("workspace.read_file", { path: "plan/p.md", start_line: 2, line_count: 1 }, { invocationId: "inv_c" }),
    );
    ok(await call("workspace.write_file", { path: "plan/p.md", content: "x" }, { invocationId: "inv_c" }));
  });

  it("appends verbatim, creates missing files, and keeps full knowledge only when it was full and current", async () => {
    const { call } = await workspaceFixture();
    expect(
      ok(await call("workspace.write_file", { path: "output/log.md", content: "a", mode: "append" })),
    ).toMatchObject({ mode: "append", chars: 1 });
    ok(await call("workspace.write_file", { path: "output/log.md", content: "b", mode: "append" }));
    const read = ok(await call("workspace.read_file", { path: "output/log.md" }));
    expect(read.totalChars).toBe(2);
    // still fully known after the appends → replace allowed
    ok(await call("workspace.write_file", { path: "output/log.md", content: "fresh" }));
    // inv_x appends without knowing the file: afterwards it still may not replace
    ok(
      await call(
        "workspace.write_file",
        { path: "output/log.md", content: "+", mode: "append" },
        { invocationId: "inv_x" },
      ),
    );
    expectToolError(
      await call("workspace.write_file", { path: "output/log.md", content: "y" }, { invocationId: "inv_x" }),
      "workspace.write_requires_read",
    );
  });

  it("rejects bad modes, unwritable and hidden paths, directories and files used as directories", async () => {
    const { call } = await workspaceFixture({
      roots: { visibleRoots: ["output", "scratch", "persist"], writableRoots: ["output", "scratch"] },
    });
    expectToolError(
      await call("workspace.write_file", { path: "output/a.md", content: "x", mode: "prepend" }),
      "workspace.write_mode_invalid",
    );
    expectToolError(
      await call("workspace.write_file", { path: "persist/a.md", content: "x" }),
      "workspace.path_not_writable",
    );
    expectToolError(
      await call("workspace.write_file", { path: "plan/a.md", content: "x" }),
      "workspace.path_not_writable",
    );
    expectToolError(
      await call("workspace.write_file", { path: "input/prompt_snapshot.json", content: "x" }),
      "workspace.path_not_writable",
    );
    expectToolError(
      await call("workspace.write_file", { path: "tool-results/x.json", content: "x" }),
      "workspace.path_not_writable",
    );
    expectToolError(
      await call("workspace.write_file", { path: "output", content: "x" }),
      "workspace.path_is_directory",
    );
    ok(await call("workspace.write_file", { path: "output/dir/a.md", content: "x" }));
    expectToolError(
      await call("workspace.write_file", { path: "output/dir", content: "x" }),
      "workspace.path_is_directory",
    );
    expectToolError(
      await call("workspace.write_file", { path: "output/dir/a.md/b.md", content: "x" }),
      "workspace.invalid_path",
    );
    expectToolError(
      await call("workspace.write_file", { path: "../etc/passwd", content: "x" }),
      "workspace.invalid_path",
    );
    expectToolError(await call("workspace.write_file", { path: "output/a.md" }), "tool.invalid_arguments");
    expectToolError(await call("workspace.write_file", { path: "output/a.md", content: 5 }), "tool.invalid_arguments");
    expectToolError(
      await call("workspace.write_file", { path: "output/a.md", content: "x", extra: 1 }),
      "tool.invalid_arguments",
    );
  });
});

describe("workspace.read_file", () => {
  it("reads the whole file with a header and marks it fully read", async () => {
    const { call } = await workspaceFixture();
    const w = ok(await call("workspace.write_file", { path: "output/a.md", content: "héllo wörld\nzweite Zeile\n" }));
    const out = await call("workspace.read_file", { path: "output/a.md" });
    const r = ok(out);
    expect(r).toEqual({
      path: "output/a.md",
      sha256: w.sha256,
      totalLines: 2,
      startLine: 1,
      endLine: 2,
      chars: 25,
      totalChars: 25,
      words: 4,
      totalWords: 4,
      startChar: 0,
      endChar: 25,
      truncated: false,
      fullRead: true,
    });
    expect(out.content).toBe(
      `output/a.md chars 0-25 of 25, words 4 of 4, sha256 ${w.sha256}\nhéllo wörld\nzweite Zeile\n`,
    );
    expect(out.resourceRefs).toEqual(["output/a.md"]);
  });

  it("renders line reads with right-aligned numbers and char reads in Unicode scalars", async () => {
    const { call } = await workspaceFixture();
    const body = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join("\n") + "\n";
    ok(await call("workspace.write_file", { path: "scratch/l.txt", content: body }));
    const lines = await call("workspace.read_file", { path: "scratch/l.txt", start_line: 9, line_count: 2 });
    expect(ok(lines)).toMatchObject({ startLine: 9, endLine: 10, totalLines: 12, truncated: true, fullRead: false });
    expect(lines.content.split("\n").slice(1)).toEqual([" 9 | line 9", "10 | line 10"]);
    expect(lines.content.split("\n")[0]).toMatch(/ \(truncated\)$/);
    ok(await call("workspace.write_file", { path: "scratch/e.txt", content: "a😀b😀c" }));
    const chars = await call("workspace.read_file", { path: "scratch/e.txt", start_char: 1, max_chars: 3 });
    expect(ok(chars)).toMatchObject({ startChar: 1, endChar: 4, chars: 3, totalChars: 5, truncated: true });
    expect(chars.content.split("\n")[1]).toBe("😀b😀");
    // a char range covering the whole file counts as a full read
    expect(ok(await call("workspace.read_file", { path: "scratch/e.txt", start_char: 0, max_chars: 5 })).fullRead).toBe(
      true,
    );
  });

  it("reports every read_file error code", async () => {
    const { call } = await workspaceFixture({ roots: { visibleRoots: ["output", "scratch"] } });
    ok(await call("workspace.write_file", { path: "output/a.md", content: "1\n2\n3\n" }));
    expectToolError(
      await call("workspace.read_file", { path: "output/a.md", start_line: 1, max_chars: 3 }),
      "workspace.mixed_read_range",
    );
    expectToolError(
      await call("workspace.read_file", { path: "output/a.md", line_count: 1201 }),
      "workspace.read_line_count_too_large",
    );
    expectToolError(
      await call("workspace.read_file", { path: "output/a.md", max_chars: 80001 }),
      "workspace.read_char_count_too_large",
    );
    expectToolError(
      await call("workspace.read_file", { path: "output/a.md", start_line: 4 }),
      "workspace.invalid_line_range",
    );
    expectToolError(
      await call("workspace.read_file", { path: "output/a.md", start_line: 0 }),
      "workspace.invalid_line_range",
    );
    expectToolError(
      await call("workspace.read_file", { path: "output/a.md", start_char: 7 }),
      "workspace.invalid_char_range",
    );
    expectToolError(
      await call("workspace.read_file", { path: "output/a.md", max_chars: 0 }),
      "workspace.invalid_char_range",
    );
    expectToolError(await call("workspace.read_file", { path: "output" }), "workspace.path_is_directory");
    expectToolError(await call("workspace.read_file", { path: "output/missing.md" }), "workspace.file_not_found");
    expectToolError(await call("workspace.read_file", { path: "plan/p.md" }), "workspace.path_not_visible");
    expectToolError(
      await call("workspace.read_file", { path: "input/prompt_snapshot.json" }),
      "workspace.path_not_visible",
    );
    expectToolError(await call("workspace.read_file", { path: "/output/a.md" }), "workspace.invalid_path");
    expectToolError(await call("workspace.read_file", {}), "tool.invalid_arguments");
  });

  it("refuses whole reads above 256 KiB but pages them by range", async () => {
    const { call } = await workspaceFixture();
    const big = "0123456789abcdef\n".repeat(16 * 1024); // 272 KiB
    ok(await call("workspace.write_file", { path: "scratch/big.txt", content: big }));
    expectToolError(await call("workspace.read_file", { path: "scratch/big.txt" }), "workspace.read_too_large");
    expect(
      ok(await call("workspace.read_file", { path: "scratch/big.txt", start_line: 16384, line_count: 1 })),
    ).toMatchObject({ endLine: 16384, totalLines: 16384 });
  });
});

describe("workspace.apply_patch", () => {
  async function withFile(content: string) {
    const f = await workspaceFixture();
    ok(await f.call("workspace.write_file", { path: "output/s.md", content }));
    return f;
  }

  it("patches a fully known file and reports replacements and hashes", async () => {
    const { call } = await withFile("The cat sat.\n");
    const before = ok(await call("workspace.read_file", { path: "output/s.md" }));
    const out = await call("workspace.apply_patch", { path: "output/s.md", old_string: "cat", new_string: "dog" });
    expect(ok(out)).toMatchObject({
      path: "output/s.md",
      oldSha256: before.sha256,
      replacements: 1,
      chars: 13,
      words: 3,
    });
    expect(out.isError === false && out.effect?.kind).toBe("patch_applied");
    expect((await call("workspace.read_file", { path: "output/s.md" })).content).toContain("The dog sat.");
  });

  it("requires a read first (patch_requires_read) and refuses stale versions (patch_stale_file)", async () => {
    const { call } = await withFile("alpha beta\n");
    expectToolError(
      await call(
        "workspace.apply_patch",
        { path: "output/s.md", old_string: "alpha", new_string: "A" },
        { invocationId: "inv_k" },
      ),
      "workspace.patch_requires_read",
    );
    ok(await call("workspace.read_file", { path: "output/s.md" }, { invocationId: "inv_k" }));
    ok(await call("workspace.write_file", { path: "output/s.md", content: "alpha gamma\n" }));
    expectToolError(
      await call(
        "workspace.apply_patch",
        { path: "output/s.md", old_string: "alpha", new_string: "A" },
        { invocationId: "inv_k" },
      ),
      "workspace.patch_stale_file",
    );
  });

  it("allows a patch whose old_string lies in a partially read range, not outside it", async () => {
    const { call } = await withFile("one\ntwo\nthree\nfour\n");
    ok(
      await call(
        "workspace.read_file",
        { path: "output/s.md", start_line: 2, line_count: 1 },
        { invocationId: "inv_p" },
      ),
    );
    expectToolError(
      await call(
        "workspace.apply_patch",
        { path: "output/s.md", old_string: "four", new_string: "4" },
        { invocationId: "inv_p" },
      ),
      "workspace.patch_requires_read",
    );
    // the failed patch based on a partial read now demands a full read, even for seen text
    expectToolError(
      await call(
        "workspace.apply_patch",
        { path: "output/s.md", old_string: "two", new_string: "2" },
        { invocationId: "inv_p" },
      ),
      "workspace.patch_requires_full_read",
    );
    ok(await call("workspace.read_file", { path: "output/s.md" }, { invocationId: "inv_p" }));
    ok(
      await call(
        "workspace.apply_patch",
        { path: "output/s.md", old_string: "two", new_string: "2" },
        { invocationId: "inv_p" },
      ),
    );
  });

  it("a successful patch from a partial read keeps the seen text usable", async () => {
    const { call } = await withFile("one\ntwo\nthree\nfour\n");
    ok(
      await call(
        "workspace.read_file",
        { path: "output/s.md", start_line: 2, line_count: 2 },
        { invocationId: "inv_q" },
      ),
    );
    ok(
      await call(
        "workspace.apply_patch",
        { path: "output/s.md", old_string: "two", new_string: "TWO!" },
        { invocationId: "inv_q" },
      ),
    );
    ok(
      await call(
        "workspace.apply_patch",
        { path: "output/s.md", old_string: "three", new_string: "3" },
        { invocationId: "inv_q" },
      ),
    );
    expectToolError(
      await call(
        "workspace.apply_patch",
        { path: "output/s.md", old_string: "one", new_string: "1" },
        { invocationId: "inv_q" },
      ),
      "workspace.patch_requires_read",
    );
  });

  it("needs a full read for replace_all and replaces every occurrence", async () => {
    const { call } = await withFile("a-b-a-b-a\n");
    ok(
      await call(
        "workspace.read_file",
        { path: "output/s.md", start_char: 0, max_chars: 3 },
        { invocationId: "inv_r" },
      ),
    );
    expectToolError(
      await call(
        "workspace.apply_patch",
        { path: "output/s.md", old_string: "a", new_string: "x", replace_all: true },
        { invocationId: "inv_r" },
      ),
      "workspace.patch_requires_full_read",
    );
    ok(await call("workspace.read_file", { path: "output/s.md" }, { invocationId: "inv_r" }));
    expect(
      ok(
        await call(
          "workspace.apply_patch",
          { path: "output/s.md", old_string: "a", new_string: "x", replace_all: true },
          { invocationId: "inv_r" },
        ),
      ).replacements,
    ).toBe(3);
  });

  it("reports not found, not unique, no change, empty old_string and missing files", async () => {
    const { call } = await withFile("x y x\n");
    expectToolError(
      await call("workspace.apply_patch", { path: "output/s.md", old_string: "z", new_string: "q" }),
      "workspace.patch_old_string_not_found",
    );
    expectToolError(
      await call("workspace.apply_patch", { path: "output/s.md", old_string: "x", new_string: "q" }),
      "workspace.patch_old_string_not_unique",
    );
    expectToolError(
      await call("workspace.apply_patch", { path: "output/s.md", old_string: "y", new_string: "y" }),
      "workspace.patch_no_change",
    );
    expectToolError(
      await call("workspace.apply_patch", { path: "output/s.md", old_string: "", new_string: "q" }),
      "workspace.patch_empty_old_string",
    );
    expectToolError(
      await call("workspace.apply_patch", { path: "output/none.md", old_string: "a", new_string: "b" }),
      "workspace.file_not_found",
    );
    expectToolError(
      await call("workspace.apply_patch", { path: "output/s.md", old_string: "x" }),
      "tool.invalid_arguments",
    );
  });
});
