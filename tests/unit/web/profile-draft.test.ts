/**
 * The profile editor's draft (web/src/profiles/profile-draft.ts): a document split into form
 * fields + the JSON text of the rest composes back to the same document; form edits land in the
 * right places; the JSON editor cannot override the header or the form; bad JSON is refused with
 * `client.json_invalid`; validation paths are placed in the form or the JSON editor; copy ids.
 */
import { describe, expect, it } from "vitest";
import { defaultWriterDefinition } from "../../../src/domain/profiles/default-writer";
import { readProfile } from "../../../src/domain/profiles/validate";
import {
  composeProfile,
  copyDocument,
  copyId,
  DraftJsonError,
  pathPlace,
  splitProfile,
  toggleEntry,
} from "../../../web/src/profiles/profile-draft";
import type { ProfileDocument } from "../../../web/src/profiles/types";

const writer = () => defaultWriterDefinition() as unknown as ProfileDocument;

describe("profile draft", () => {
  it("splits default-writer into form fields and JSON without the form's keys, and composes it back unchanged", () => {
    const doc = writer();
    const draft = splitProfile(doc);
    expect(draft.form).toMatchObject({
      displayName: "Default Writer",
      modelMode: "currentPromptSnapshot",
      presentation: "foreground",
      maxRounds: "80",
      artifact: { id: "main", path: "output/main.md", kind: "markdown" },
    });
    expect(draft.form.allow).toContain("mcp:*");
    const rest = JSON.parse(draft.restText) as Record<string, Record<string, unknown>>;
    for (const key of ["schemaVersion", "kind", "id", "displayName", "description", "model", "workspace"])
      expect(rest).not.toHaveProperty(key);
    expect(rest.run).toEqual({ modelRetry: { maxRetries: 3, intervalMs: 3000 }, stream: false });
    expect(rest).not.toHaveProperty("delegation");
    expect(Object.keys(rest.tools!)).toEqual([
      "deny",
      "toolDescriptions",
      "maxCallsPerRun",
      "maxCallsPerTool",
      "mcpResultInlineCharLimit",
    ]);
    expect(rest).not.toHaveProperty("output");
    expect(composeProfile(doc, draft)).toEqual(doc);
  });

  it("puts form edits where the schema wants them, and the result passes the server's strict reader", () => {
    const doc = copyDocument(writer(), "my-writer", "Mine");
    const draft = splitProfile(doc);
    const composed = composeProfile(doc, {
      ...draft,
      form: {
        ...draft.form,
        displayName: "Short writer",
        description: "",
        maxRounds: " 12 ",
        presentation: "background",
        modelMode: "connectionRef",
        connectionRef: "conn_1",
        modelId: " gpt-x ",
        allow: toggleEntry(draft.form.allow, "builtin:dice.roll", false),
        artifact: { id: "main", path: "output/story.md", kind: "markdown" },
      },
    });
    expect(composed).toMatchObject({
      id: "my-writer",
      displayName: "Short writer",
      model: { mode: "connectionRef", connectionRef: "conn_1", modelId: "gpt-x" },
      run: { presentation: "background", directRunnable: true },
      tools: { maxRounds: 12 },
    });
    expect(composed).not.toHaveProperty("description");
    expect((composed.tools as { allow: string[] }).allow).not.toContain("builtin:dice.roll");
    expect((composed.output as { artifacts: unknown[] }).artifacts).toEqual([
      {
        id: "main",
        path: "output/story.md",
        kind: "markdown",
        target: "messageBody",
        required: false,
        assemblyOrder: 0,
      },
    ]);
    expect(readProfile(composed).tools.maxRounds).toBe(12);
  });

  it("sends a non-number max rounds as typed (the server names it) and keeps the header over JSON edits", () => {
    const doc = writer();
    const draft = splitProfile(doc);
    const rest = {
      ...JSON.parse(draft.restText),
      id: "other",
      schemaVersion: 2,
      displayName: "from json",
      plan: { mode: "free" },
    };
    const composed = composeProfile(doc, {
      form: { ...draft.form, maxRounds: "lots" },
      restText: JSON.stringify(rest),
    });
    expect(composed).toMatchObject({
      id: "default-writer",
      schemaVersion: 3,
      displayName: "Default Writer",
      plan: { mode: "free" },
      tools: { maxRounds: "lots" },
    });
  });

  it("refuses JSON editor text that is not one object with client.json_invalid", () => {
    const doc = writer();
    const draft = splitProfile(doc);
    for (const restText of ['{ "plan": ', "[1, 2]", '"text"']) {
      const error = (() => {
        try {
          composeProfile(doc, { ...draft, restText });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(DraftJsonError);
      expect((error as DraftJsonError).code).toBe("client.json_invalid");
    }
    expect(() => composeProfile(doc, { ...draft, restText: "  " })).not.toThrow();
  });

  it("places validation paths in the form, the JSON editor or the header", () => {
    expect(pathPlace("$.tools.maxRounds")).toBe("form");
    expect(pathPlace("$.tools.allow[3]")).toBe("form");
    expect(pathPlace("$.model.connectionRef")).toBe("form");
    expect(pathPlace("$.output.artifacts[0].path")).toBe("form");
    expect(pathPlace("$.tools.maxCallsPerRun")).toBe("json");
    expect(pathPlace("$.plan.mode")).toBe("json");
    expect(pathPlace("$.run.directRunnable")).toBe("form");
    expect(pathPlace("$.delegation.allowedCallers[0]")).toBe("form");
    expect(pathPlace("$.run.modelRetry.intervalMs")).toBe("json");
    expect(pathPlace("$.id")).toBe("header");
    expect(pathPlace("$")).toBe("json");
  });

  it("suggests a free copy id within 128 characters", () => {
    expect(copyId("default-writer", ["default-writer"])).toBe("default-writer-copy");
    expect(copyId("default-writer", ["default-writer-copy", "default-writer-copy-2"])).toBe("default-writer-copy-3");
    expect(copyId("a".repeat(128), []).length).toBe(128);
    expect(toggleEntry(["a", "b"], "a", true)).toEqual(["a", "b"]);
    expect(toggleEntry(["a"], "c", true)).toEqual(["a", "c"]);
  });
});
