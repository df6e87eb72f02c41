/**
 * readFrozenProfile (src/domain/profiles/resolved.ts; docs/spec/profiles.md "the runtime consumes only
 * the resolved copy", "resolved profiles inside run snapshots are never migrated"): a run's frozen
 * v3 document round-trips through JSON into the loop's view; v1/v2 or malformed copies are refused.
 */
import { describe, expect, it } from "vitest";
import { defaultWriterDefinition } from "../../../src/domain/profiles/default-writer";
import { profileSource, readFrozenProfile, toResolvedAgentProfile } from "../../../src/domain/profiles/resolved";

const frozen = (edit: (doc: any) => void = () => {}) => {
  const doc = JSON.parse(JSON.stringify(defaultWriterDefinition()));
  edit(doc);
  return doc;
};

describe("readFrozenProfile", () => {
  it("gives the same view as the profile it was frozen from", () => {
    const doc = frozen((d) => {
      d.id = "tight";
      d.tools.maxRounds = 3;
      d.output.artifacts[0].path = "output/story.md";
    });
    const view = readFrozenProfile(doc);
    expect(view).toMatchObject({
      id: "tight",
      source: "user",
      messageBodyPath: "output/story.md",
      tools: { maxRounds: 3 },
    });
    expect(readFrozenProfile(frozen())).toEqual(toResolvedAgentProfile(defaultWriterDefinition(), "builtin"));
    expect(profileSource("default-writer")).toBe("builtin");
  });

  it("never migrates: a v2 copy, unknown fields or a missing key are refused with the profile codes", () => {
    expect(() =>
      readFrozenProfile(
        frozen((d) => {
          d.schemaVersion = 2;
        }),
      ),
    ).toThrow(expect.objectContaining({ code: "agent.profile_schema_unsupported" }));
    expect(() =>
      readFrozenProfile(
        frozen((d) => {
          d.messageBodyPath = "output/main.md";
        }),
      ),
    ).toThrow(expect.objectContaining({ code: "agent.profile_contract_invalid" }));
    expect(() =>
      readFrozenProfile(
        frozen((d) => {
          delete d.tools.maxRounds;
        }),
      ),
    ).toThrow(expect.objectContaining({ code: "agent.profile_contract_invalid" }));
  });
});
