/** Sampling fields of the prompt snapshot's chatCompletionPayload (docs/spec/agent-runtime.md §9; ADR 1460). */
import { describe, expect, it } from "vitest";
import { snapshotSettings, validatePromptSnapshot } from "../../../src/domain/agent/loop/prompt-snapshot";
import { AppError } from "../../../src/domain/errors";

const snapshot = (fields: Record<string, unknown>) => ({
  chatCompletionPayload: { messages: [{ role: "user", content: "Hi" }], ...fields },
});

function refusal(fields: Record<string, unknown>): AppError {
  try {
    validatePromptSnapshot(snapshot(fields));
  } catch (error) {
    return error as AppError;
  }
  throw new Error(`accepted ${JSON.stringify(fields)}`);
}

describe("prompt snapshot sampling fields", () => {
  it("refuses out-of-range or wrongly typed sampling fields with the field's path", () => {
    const bad: Array<[string, unknown]> = [
      ["max_tokens", 90071992547409930000],
      ["max_tokens", 0],
      ["max_tokens", 1.5],
      ["max_tokens", 10_000_001],
      ["max_tokens", "100"],
      ["max_completion_tokens", -1],
      ["max_completion_tokens", Infinity],
      ["temperature", 2.01],
      ["temperature", -0.1],
      ["temperature", Number.NaN],
      ["temperature", "0.7"],
      ["top_p", 1.5],
      ["top_p", -0.01],
      ["frequency_penalty", 2.5],
      ["presence_penalty", -3],
      ["seed", -Infinity],
      ["seed", 1.5],
      ["seed", 2 ** 53],
      ["seed", "42"],
      ["n", 2],
      ["n", 0],
      ["top_k", -1],
      ["top_k", 0.5],
      ["stop", 5],
      ["stop", ["a", 1]],
    ];
    for (const [field, value] of bad) {
      const error = refusal({ [field]: value });
      expect(error, `${field}=${String(value)}`).toBeInstanceOf(AppError);
      expect(error.code, `${field}=${String(value)}`).toBe("agent.prompt_snapshot_invalid");
      expect(error.details?.issues, `${field}=${String(value)}`).toEqual([
        expect.objectContaining({ path: `promptSnapshot.chatCompletionPayload.${field}` }),
      ]);
      expect(error.message).toContain(field);
    }
  });

  it("lists every bad field at once", () => {
    const error = refusal({ max_tokens: 9e19, seed: -Infinity, temperature: 0.5 });
    expect((error.details?.issues as Array<{ path: string }>).map((i) => i.path)).toEqual([
      "promptSnapshot.chatCompletionPayload.max_tokens",
      "promptSnapshot.chatCompletionPayload.seed",
    ]);
  });

  it("accepts the edges, null as absent and unknown fields, and maps them onto ModelSettings", () => {
    const fields = {
      max_tokens: 10_000_000,
      max_completion_tokens: 1,
      temperature: 2,
      top_p: 0,
      frequency_penalty: -2,
      presence_penalty: 2,
      seed: -(2 ** 53 - 1),
      n: 1,
      top_k: 0,
      stop: ["END"],
      logit_bias: { "50256": -100 },
      x_custom: "kept",
    };
    expect(() => validatePromptSnapshot(snapshot(fields))).not.toThrow();
    expect(() =>
      validatePromptSnapshot(snapshot({ max_tokens: null, seed: null, n: null, temperature: null, stop: null })),
    ).not.toThrow();
    expect(snapshotSettings(snapshot(fields))).toEqual({
      maxOutputTokens: 1,
      temperature: 2,
      topP: 0,
      topK: 0,
      seed: -(2 ** 53 - 1),
      presencePenalty: 2,
      frequencyPenalty: -2,
      stopSequences: ["END"],
    });
    expect(snapshotSettings(snapshot({ max_tokens: 300 }))).toEqual({ maxOutputTokens: 300 });
  });
});
