/**
 * Skill import through the real Worker and UserSpace (docs/spec/skills.md "Import", "Limits",
 * "Path rules"): zip bombs and hostile paths are refused with their codes, conflicts are
 * previewed and resolved with skip / replace, and an export re-imports to the same hash.
 */
import { describe, expect, it } from "vitest";
import { renameEntry, skillMd, streamedZipOf, zipOf } from "../../fixtures/skill-zips";
import { api, apiJson, createUser } from "../helpers";
import { installManifest, previewFiles, previewZip } from "./skill-helpers";

async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as any;
  return { status: response.status, code: body.error?.code, message: body.error?.message };
}

describe("skills import: limits and path rules", () => {
  it("needs a device token", async () => {
    expect((await api("/api/v1/skills")).status).toBe(401);
  });

  it("refuses a zip bomb (ratio) with sizes in the header, and one streamed with data descriptors", async () => {
    const { deviceToken: token } = await createUser();
    const zeros = new Uint8Array(6 * 1024 * 1024);
    for (const zip of [
      zipOf({ "SKILL.md": skillMd("bomb", "A bomb"), "references/zeros.txt": zeros }),
      streamedZipOf({ "SKILL.md": skillMd("bomb", "A bomb"), "references/zeros.txt": zeros }),
    ]) {
      expect(zip.byteLength).toBeLessThan(64 * 1024);
      const refused = await errorOf(await previewZip(token, zip));
      expect(refused).toMatchObject({ status: 413, code: "skill.compression_ratio_exceeded" });
      expect(refused.message).toContain("zip bomb");
    }
    expect((await apiJson("/api/v1/skills?scope=all", { token })).skills).toEqual([]);
  });

  it("refuses traversal, absolute, drive and NUL paths with their codes", async () => {
    const { deviceToken: token } = await createUser();
    const traversal = renameEntry(
      zipOf({ "SKILL.md": skillMd("evil", "Evil"), "aa/passwd": "x" }),
      "aa/passwd",
      "../passwd",
    );
    expect(await errorOf(await previewZip(token, traversal))).toMatchObject({
      status: 400,
      code: "skill.path_traversal",
    });
    const nul = renameEntry(
      zipOf({ "SKILL.md": skillMd("evil", "Evil"), "references/a_b.md": "x" }),
      "references/a_b.md",
      "references/a\u0000b.md",
    );
    expect(await errorOf(await previewZip(token, nul))).toMatchObject({ status: 400, code: "skill.path_nul" });
    const cases: Array<[string, string]> = [
      ["/etc/passwd", "skill.path_absolute"],
      ["C:/Windows/win.ini", "skill.path_drive"],
      ["references/a\u0000b.md", "input.invalid_text"], // JSON bodies refuse NUL before the path rules
      ["references\\..\\..\\x.md", "skill.path_traversal"],
    ];
    for (const [path, code] of cases) {
      const response = await previewFiles(token, [
        { path: "SKILL.md", content: skillMd("evil", "Evil") },
        { path, content: "x" },
      ]);
      expect(await errorOf(response)).toMatchObject({ status: 400, code });
    }
  });

  it("refuses a package without SKILL.md, with a bad name, or not a zip", async () => {
    const { deviceToken: token } = await createUser();
    expect(await errorOf(await previewZip(token, zipOf({ "README.md": "hi" })))).toMatchObject({
      code: "skill.manifest_missing",
    });
    expect(await errorOf(await previewZip(token, zipOf({ "SKILL.md": skillMd("Bad Name", "x") })))).toMatchObject({
      code: "skill.name_invalid",
    });
    expect(await errorOf(await previewZip(token, new TextEncoder().encode("not a zip at all")))).toMatchObject({
      code: "skill.archive_invalid",
    });
  });
});

describe("skills import: preview, conflicts, export", () => {
  it("previews new → same → different; 409 without a strategy; skip keeps, replace replaces", async () => {
    const { deviceToken: token } = await createUser();
    const v1 = zipOf({
      "my-skill/SKILL.md": skillMd("story-beats", "Plot beats"),
      "my-skill/scripts/x.py": "print(1)",
    });
    const first = await (await previewZip(token, v1)).json<any>();
    expect(first).toMatchObject({
      name: "story-beats",
      targetScope: "global",
      conflict: { kind: "new" },
      fileCount: 2,
      hasScripts: true,
    });
    expect(first.files.map((f: any) => f.path)).toEqual(["SKILL.md", "scripts/x.py"]);
    expect(first.warnings.map((w: any) => w.code)).toEqual(
      expect.arrayContaining(["skill.folder_unwrapped", "skill.scripts_present"]),
    );
    const installed = await apiJson("/api/v1/skills/import", { token, body: { previewId: first.previewId } });
    expect(installed).toMatchObject({ action: "installed", scope: "global", name: "story-beats" });

    const again = await (await previewZip(token, v1)).json<any>();
    expect(again.conflict).toEqual({ kind: "same", installedHash: first.hash });
    expect((await apiJson("/api/v1/skills/import", { token, body: { previewId: again.previewId } })).action).toBe(
      "already_installed",
    );

    const v2 = zipOf({ "SKILL.md": skillMd("story-beats", "Plot beats, revised", "# Version two\n") });
    const different = await (await previewZip(token, v2)).json<any>();
    expect(different.conflict).toEqual({ kind: "different", installedHash: first.hash });
    const refused = await api("/api/v1/skills/import", { token, body: { previewId: different.previewId } });
    expect(await errorOf(refused)).toMatchObject({ status: 409, code: "skill.conflict" });
    const skipped = await apiJson("/api/v1/skills/import", {
      token,
      body: { previewId: different.previewId, conflictStrategy: "skip" },
    });
    expect(skipped.action).toBe("skipped");
    expect((await apiJson("/api/v1/skills/story-beats", { token })).skill.installedHash).toBe(first.hash);
    expect(
      await errorOf(await api("/api/v1/skills/import", { token, body: { previewId: different.previewId } })),
    ).toMatchObject({ status: 404, code: "skill.preview_not_found" });

    const again2 = await (await previewZip(token, v2)).json<any>();
    const replaced = await apiJson("/api/v1/skills/import", {
      token,
      body: { previewId: again2.previewId, conflictStrategy: "replace" },
    });
    expect(replaced).toMatchObject({
      action: "replaced",
      skill: { installedHash: again2.hash, description: "Plot beats, revised" },
    });
    const detail = await apiJson("/api/v1/skills/story-beats", { token, expectStatus: 200 });
    expect(detail.files.map((f: any) => f.path)).toEqual(["SKILL.md"]);
  });

  it("export re-imports to the same hash; files are served as text/plain or attachment with nosniff and CSP sandbox", async () => {
    const { deviceToken: token } = await createUser();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);
    const zip = zipOf({
      "SKILL.md": skillMd("lore-keeper", "Keeps lore"),
      "references/world.md": "# World\nDragons live in the north.\n",
      "assets/evil.svg": '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      "assets/map.png": png,
    });
    const preview = await (await previewZip(token, zip, "profile:writer")).json<any>();
    await apiJson("/api/v1/skills/import", { token, body: { previewId: preview.previewId }, expectStatus: 200 });
    const exported = await api("/api/v1/skills/lore-keeper/export?scope=profile:writer", { token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/zip");
    expect(exported.headers.get("content-disposition")).toContain("lore-keeper.zip");
    const bytes = new Uint8Array(await exported.arrayBuffer());
    const reimport = await (await previewZip(token, bytes, "global")).json<any>();
    expect(reimport.hash).toBe(preview.hash);
    expect(reimport.conflict).toEqual({ kind: "new" });

    const svg = await api("/api/v1/skills/lore-keeper/files/assets/evil.svg?scope=profile:writer", { token });
    expect(svg.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(svg.headers.get("x-content-type-options")).toBe("nosniff");
    expect(svg.headers.get("content-security-policy")).toBe("sandbox");
    expect(await svg.text()).toContain("<script>");
    const image = await api("/api/v1/skills/lore-keeper/files/assets/map.png?scope=profile:writer", { token });
    expect(image.headers.get("content-type")).toBe("application/octet-stream");
    expect(image.headers.get("content-disposition")).toMatch(/^attachment; filename="map.png"/);
    expect(image.headers.get("content-security-policy")).toBe("sandbox");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);
    expect(
      await errorOf(await api("/api/v1/skills/lore-keeper/files/assets/none.txt?scope=profile:writer", { token })),
    ).toMatchObject({ status: 404, code: "skill.file_not_found" });
    expect(await errorOf(await api("/api/v1/skills/lore-keeper", { token }))).toMatchObject({
      status: 404,
      code: "skill.not_found",
    });
  });

  it("moves between scopes, deletes, and refuses bad scopes", async () => {
    const { deviceToken: token } = await createUser();
    await installManifest(token, skillMd("mover", "Moves"), "global");
    const moved = await apiJson("/api/v1/skills/mover/move", {
      token,
      body: { from: "global", to: "character:char-1" },
      expectStatus: 200,
    });
    expect(moved).toMatchObject({ action: "moved", scope: "character:char-1" });
    const all = await apiJson("/api/v1/skills?scope=all", { token });
    expect(all.skills.map((s: any) => `${s.scope}/${s.name}`)).toEqual(["character:char-1/mover"]);
    expect(await errorOf(await api("/api/v1/skills?scope=team:x", { token }))).toMatchObject({
      status: 400,
      code: "skill.scope_invalid",
    });
    expect(
      (await apiJson("/api/v1/skills/mover?scope=character:char-1", { token, method: "DELETE", expectStatus: 200 }))
        .deleted,
    ).toBe(true);
    expect((await apiJson("/api/v1/skills?scope=all", { token })).skills).toEqual([]);
  });
});
