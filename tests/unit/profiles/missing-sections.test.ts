/**
 * Missing required sections (docs/spec/profiles.md; docs/decisions/1481): a minimal v2 file
 * (tests/fixtures/profiles/v2-minimal.json) is refused after migration with one message naming
 * every missing section; v3 stays strict (one missing key: `$.<key>: required field is missing`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AppError } from "../../../src/domain/errors";
import { defaultWriterDefinition } from "../../../src/domain/profiles/default-writer";
import { migrateProfileDocument } from "../../../src/domain/profiles/migrate";
import { readProfile } from "../../../src/domain/profiles/validate";

const minimal = () =>
  JSON.parse(readFileSync(path.resolve(__dirname, "../../fixtures/profiles/v2-minimal.json"), "utf8"));

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    return error as AppError;
  }
  throw new Error("expected an error");
}

describe("profile: missing required sections", () => {
  it("a minimal v2 file is refused with every missing section named", () => {
    const { document, migratedFrom } = migrateProfileDocument(minimal());
    expect(migratedFrom).toBe(2);
    const error = errorOf(() => readProfile(document));
    expect(error.code).toBe("agent.profile_contract_invalid");
    expect(error.details).toMatchObject({ path: "$" });
    expect(error.message).toContain(
      "missing the required sections preset, model, run, skills, workspace, plan, output",
    );
  });

  it("a v3 document missing one section still fails strictly at that key", () => {
    const doc = structuredClone(defaultWriterDefinition()) as unknown as Record<string, unknown>;
    doc.id = "strict";
    delete doc.preset;
    const error = errorOf(() => readProfile(doc));
    expect(error.code).toBe("agent.profile_contract_invalid");
    expect(error.message).toBe("$.preset: required field is missing");
  });
});
