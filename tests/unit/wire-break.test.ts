/**
 * "A change to a frame's schema breaks the web client's type check" (ADR 1700), shown for real:
 * the web client and the contracts it imports are copied aside, one field of one frame schema is
 * renamed there (`chat.message_added.messageCount` → `count`), and `tsc` over the copy must fail in
 * the web screens that read that field, and only because of it. A copy whose type check passed would
 * mean the web client does not take its frame types from src/contracts.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
// Inside the repository (so node_modules resolves) but in the ignored .xdg folder.
const PROBE = path.join(ROOT, ".xdg", `wire-probe-${process.pid}`);

afterAll(() => rmSync(PROBE, { recursive: true, force: true }));

describe("wire contract → web client", () => {
  it("renaming a frame field in its schema makes the web client fail to type check where it reads it", () => {
    for (const dir of ["src/contracts", "src/domain", "web/src"])
      cpSync(path.join(ROOT, dir), path.join(PROBE, dir), { recursive: true });
    const frames = path.join(PROBE, "src/contracts/server-frames.ts");
    const original = readFileSync(frames, "utf8");
    const field = /(chatMessageAddedFrameSchema = frame\("chat\.message_added", \{[^}]*?)messageCount:/s;
    expect(original).toMatch(field);
    writeFileSync(frames, original.replace(field, "$1count:"));

    const base = JSON.parse(readFileSync(path.join(ROOT, "tsconfig.json"), "utf8"));
    mkdirSync(PROBE, { recursive: true });
    writeFileSync(
      path.join(PROBE, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { ...base.compilerOptions, types: ["node"] },
        include: ["web/src/**/*.ts", "web/src/**/*.tsx"],
      }),
    );
    const tsc = spawnSync(
      process.execPath,
      [
        path.join(ROOT, "node_modules/typescript/bin/tsc"),
        "-p",
        path.join(PROBE, "tsconfig.json"),
        "--pretty",
        "false",
      ],
      { cwd: PROBE, encoding: "utf8", timeout: 180_000 },
    );
    const errors = tsc.stdout.split("\n").filter((line) => /error TS\d+/.test(line));
    expect(tsc.status, tsc.stdout + tsc.stderr).not.toBe(0);
    // Every error is the renamed field, in the chat screens that read it.
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) {
      expect(line).toMatch(/^web\/src\/chats\/use-chat(-list)?\.ts\(/);
      expect(line).toMatch(/messageCount/);
    }
  }, 240_000);
});
