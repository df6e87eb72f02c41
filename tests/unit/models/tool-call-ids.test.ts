/** duplicateToolCallError (ADR 1471): the first repeated id in one turn, or null. */
import { describe, expect, it } from "vitest";
import { duplicateToolCallError } from "../../../src/domain/models/tool-call-ids";

describe("duplicateToolCallError", () => {
  it("is null for distinct ids and for no calls", () => {
    expect(duplicateToolCallError([])).toBeNull();
    expect(
      duplicateToolCallError([
        { id: "a", alias: "x" },
        { id: "b", alias: "x" },
      ]),
    ).toBeNull();
  });

  it("names the first repeated id with both positions; not retryable", () => {
    const error = duplicateToolCallError(
      [
        { id: "a", alias: "x" },
        { id: "b", alias: "y" },
        { id: "a", alias: "z" },
      ],
      "OpenAI",
    )!;
    expect([error.code, error.retryable]).toEqual(["model.invalid_tool_call", false]);
    expect(error.details).toMatchObject({ toolCallId: "a", toolCallIndex: 2, firstIndex: 0 });
    expect(error.message).toBe(
      'OpenAI sent two tool calls with the same id "a" (calls 1 and 3) in one turn, so their results could not be told apart; nothing was run.',
    );
  });
});
