/**
 * The error catalogue is complete and has nothing dead (docs/spec/hosted.md §6): every code raised in
 * src/ or durable-objects/ (thrown as AppError/ToolError/ModelError, returned as a NotSent outcome or
 * tool error, sent in a frame, written as a storage issue or diagnostic) is catalogued, and every
 * catalogued code is raised somewhere or marked `keptForContract: true`.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError, ERROR_CATALOGUE, errorStatus } from "../../../src/domain/errors";
import { allLiterals, CATALOGUE_DIR, codeHelpers, raisedCodes, readSources, ROOT } from "./catalogue-scan";

const CATALOGUE: Record<string, { status: number; message: string; keptForContract?: true }> = ERROR_CATALOGUE;

function whereToAdd(code: string): string {
  const ns = code.split(".")[0]!;
  const file = `${CATALOGUE_DIR}/${ns}.ts`;
  return existsSync(path.join(ROOT, file))
    ? `add it to ${file} as "${code}": { status: <HTTP status>, message: "<default message>" }`
    : `create ${file} (copy the shape of ${CATALOGUE_DIR}/dice.ts) with "${code}", and spread it into ${CATALOGUE_DIR}/index.ts`;
}

describe("error catalogue", () => {
  const texts = readSources();
  const helpers = codeHelpers(texts);

  it("finds raise sites through the helpers that take a code first", () => {
    expect([...helpers]).toEqual(expect.arrayContaining(["notSent", "outcomeUnknown", "profileError"]));
  });

  it("every raised code is catalogued", () => {
    const sites = [...texts].flatMap(([file, text]) => raisedCodes(file, text, helpers));
    expect(sites.length).toBeGreaterThan(300);
    const missing = sites
      .filter((site) => CATALOGUE[site.code] === undefined)
      .map(
        (site) => `${site.file}:${site.line} raises "${site.code}", which is not catalogued: ${whereToAdd(site.code)}`,
      );
    expect(missing).toEqual([]);
  });

  it("every catalogued code is raised somewhere, or kept for the contract", () => {
    const used = allLiterals(texts);
    const dead = Object.entries(CATALOGUE)
      .filter(([code, entry]) => !used.has(code) && entry.keptForContract !== true)
      .map(
        ([code]) =>
          `"${code}" is catalogued in ${CATALOGUE_DIR}/${code.split(".")[0]}.ts but nothing raises it: remove it, or mark it keptForContract: true if clients rely on it`,
      );
    expect(dead).toEqual([]);
  });

  it("every entry has a status between 400 and 599 and a message a person can read", () => {
    const bad = Object.entries(CATALOGUE).filter(
      ([, entry]) => entry.status < 400 || entry.status > 599 || entry.message.trim().length < 8,
    );
    expect(bad).toEqual([]);
  });

  it("the scan catches an uncatalogued code in each kind of raise site (the checker itself works)", () => {
    const text = [
      'throw new AppError("zz.thrown", "x");',
      'return notSent("zz.not_sent", "x");',
      'diagnostics.push({ code: "zz.diagnostic", message: "x" });',
      'const WARNING: ErrorCode = "zz.typed";',
      'sockets.broadcast({ type: "chat.changed" });',
      'const tools = new Set(["workspace.read_file"]);',
    ].join("\n");
    const codes = raisedCodes("x.ts", text, new Set(["notSent"])).map((site) => site.code);
    expect(codes).toEqual(["zz.thrown", "zz.not_sent", "zz.diagnostic", "zz.typed"]);
    expect(whereToAdd("mcp.some_new_code")).toContain(`${CATALOGUE_DIR}/mcp.ts`);
    expect(whereToAdd("zz.new_namespace")).toContain(`create ${CATALOGUE_DIR}/zz.ts`);
  });

  it("AppError takes its status and default message from the catalogue, and keeps a cause", () => {
    const cause = new Error("socket closed");
    const error = new AppError("mcp.registration_not_found", undefined, undefined, { cause });
    expect(error.message).toBe(CATALOGUE["mcp.registration_not_found"]!.message);
    expect(error.cause).toBe(cause);
    expect(errorStatus(error.code)).toBe(404);
    expect(errorStatus("auth.rate_limited")).toBe(429);
  });
});
