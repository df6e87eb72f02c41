/** Pure pieces of the agent loop: dice, prompt-snapshot validation, MCP projection, failure payloads, drift wording. */
import { describe, expect, it } from "vitest";
import { parseDice, rollDice } from "../../../src/domain/agent/loop/dice";
import { failureOf, runFailedPayload, runPartialSuccessPayload } from "../../../src/domain/agent/loop/failure";
import {
  externalizedContent,
  mapMcpOutcome,
  markdownOf,
  readableView,
} from "../../../src/domain/agent/loop/mcp-projection";
import {
  snapshotMessages,
  snapshotSettings,
  validatePromptSnapshot,
} from "../../../src/domain/agent/loop/prompt-snapshot";
import { auditPaths, callHash, providerText } from "../../../src/domain/agent/loop/tool-result";
import { readActivatedWorldInfo } from "../../../src/domain/agent/loop/worldinfo";
import { AppError } from "../../../src/domain/errors";
import { ModelError } from "../../../src/domain/models/errors";

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as AppError).code;
  }
  return "no error";
};

describe("dice.roll", () => {
  it("parses the contract's formulas and rolls within bounds", () => {
    expect(parseDice("2d6+3")).toEqual({ count: 2, sides: 6, modifier: 3 });
    expect(parseDice("D20")).toEqual({ count: 1, sides: 20, modifier: 0 });
    expect(parseDice("20")).toEqual({ count: 1, sides: 20, modifier: 0 });
    expect(parseDice("3d8-2")).toEqual({ count: 3, sides: 8, modifier: -2 });
    const roll = rollDice("4d6-1", () => 6);
    expect(roll).toEqual({ formula: "4d6-1", rolls: [6, 6, 6, 6], modifier: -1, total: 23, min: 3, max: 23 });
    for (let i = 0; i < 50; i += 1) {
      const r = rollDice("d4");
      expect(r.total).toBeGreaterThanOrEqual(1);
      expect(r.total).toBeLessThanOrEqual(4);
    }
  });
  it("refuses bad formulas with dice.invalid_formula", () => {
    for (const bad of ["2 d6", "d", "2d6d6", "101d6", "1d1000001", "1d6+1000001", "0d6", "abc", ""])
      expect(
        codeOf(() => parseDice(bad)),
        bad,
      ).toBe("dice.invalid_formula");
  });
});

describe("prompt snapshot", () => {
  const ok = {
    chatCompletionPayload: {
      messages: [
        { role: "system", content: "S" },
        {
          role: "user",
          content: [
            { type: "text", text: "a" },
            { type: "text", text: "b" },
          ],
        },
      ],
      max_tokens: 50,
      temperature: 0.5,
      stop: "END",
    },
  };
  it("accepts text messages and maps sampling", () => {
    expect(() => validatePromptSnapshot(ok)).not.toThrow();
    expect(snapshotMessages(ok)[1]).toEqual({ role: "user", parts: [{ type: "text", text: "ab" }] });
    expect(snapshotSettings(ok)).toEqual({ maxOutputTokens: 50, temperature: 0.5, stopSequences: ["END"] });
  });
  it("refuses external tools, tool choice, tool turns, stream and empty input with the contract codes", () => {
    const msgs = ok.chatCompletionPayload.messages;
    expect(codeOf(() => validatePromptSnapshot({ chatCompletionPayload: { messages: msgs, tools: [] } }))).toBe(
      "agent.external_tools_unsupported",
    );
    expect(
      codeOf(() => validatePromptSnapshot({ chatCompletionPayload: { messages: msgs, tool_choice: "none" } })),
    ).toBe("agent.external_tool_choice_unsupported");
    expect(
      codeOf(() =>
        validatePromptSnapshot({
          chatCompletionPayload: { messages: [{ role: "tool", content: "x", tool_call_id: "a" }] },
        }),
      ),
    ).toBe("agent.external_tool_turns_unsupported");
    expect(
      codeOf(() =>
        validatePromptSnapshot({
          chatCompletionPayload: { messages: [{ role: "assistant", content: "", tool_calls: [] }] },
        }),
      ),
    ).toBe("agent.external_tool_turns_unsupported");
    expect(codeOf(() => validatePromptSnapshot({ chatCompletionPayload: { messages: msgs, stream: true } }))).toBe(
      "agent.stream_unsupported",
    );
    expect(codeOf(() => validatePromptSnapshot({ chatCompletionPayload: { messages: [] } }))).toBe(
      "agent.prompt_snapshot_invalid",
    );
    expect(
      codeOf(() =>
        validatePromptSnapshot({
          chatCompletionPayload: {
            messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: "x" } }] }],
          },
        }),
      ),
    ).toBe("agent.prompt_snapshot_invalid");
  });
});

describe("MCP projection (docs/spec/tool-system.md §3)", () => {
  it("maps a tool result, drops text that merely serializes structuredContent, adds Details and Notes", () => {
    const mapped = mapMcpOutcome("c", "mcp/x:t", {
      outcome: "known_response",
      response: {
        kind: "tool_result",
        result: {
          isError: false,
          text: [{ index: 0, text: '{"a":1}' }],
          structuredContent: { a: 1 },
          diagnostics: [
            { code: "mcp.call_content_unsupported", message: "An image was left out.", contentIndex: 1 },
            { code: "mcp.call_metadata_unsupported", message: "meta" },
          ],
        },
      },
    });
    expect(mapped.terminate).toBe(false);
    expect(mapped.result.content).toBe("## Details\n\n- a: 1\n\n## Notes\n\n- An image was left out.");
    expect(mapped.result.structured).toMatchObject({ structuredContent: { a: 1 } });
  });
  it("maps errors, unsupported responses, NotSent and OutcomeUnknown", () => {
    const err = mapMcpOutcome("c", "t", {
      outcome: "known_response",
      response: { kind: "tool_result", result: { isError: true, text: [{ index: 0, text: "bad" }], diagnostics: [] } },
    });
    expect(err.result).toMatchObject({ isError: true, errorCode: "mcp.tool_error", content: "bad" });
    const rpc = mapMcpOutcome("c", "t", {
      outcome: "known_response",
      response: { kind: "server_error", code: -32602, message: "Invalid params", data: { field: "x" } },
    });
    expect(rpc.result).toMatchObject({
      isError: true,
      errorCode: "mcp.server_error",
      structured: { serverError: { code: -32602, message: "Invalid params", data: { field: "x" } } },
    });
    expect(rpc.result.content).toBe("Invalid params\n\n## Error details\n\n- field: x");
    expect(
      mapMcpOutcome("c", "t", {
        outcome: "known_response",
        response: { kind: "unsupported_response", responseType: "task", message: "A task." },
      }).result.errorCode,
    ).toBe("mcp.unsupported_response");
    expect(
      mapMcpOutcome("c", "t", { outcome: "not_sent", issue: { code: "mcp.call_server_paused", message: "Paused." } }),
    ).toMatchObject({ terminate: false, result: { errorCode: "mcp.call_server_paused", isError: true } });
    const unknown = mapMcpOutcome("c", "t", {
      outcome: "outcome_unknown",
      issue: { code: "mcp.call_timeout", message: "Timed out." },
    });
    expect(unknown.terminate).toBe(true);
    expect(unknown.result).toMatchObject({ errorCode: "mcp.call_outcome_unknown" });
    expect(unknown.result.content).toContain("may have executed; this call will not be retried");
    const empty = mapMcpOutcome("c", "t", {
      outcome: "known_response",
      response: { kind: "tool_result", result: { isError: false, text: [], diagnostics: [] } },
    });
    expect(empty.result.content).toBe("The MCP tool completed without content.");
  });
  it("hard-wraps long lines of the readable view and writes the instruction block with a 3,000-char preview", () => {
    const view = readableView(`${"x".repeat(7000)}\nshort`);
    expect(view.split("\n").map((l) => l.length)).toEqual([3000, 3000, 1000, 5]);
    const block = externalizedContent({
      content: "y".repeat(60_000),
      limit: 50_000,
      viewPath: "tool-results/inv_root/round-001-call_ab.txt",
      viewLines: 20,
      readAlias: "workspace_read_file",
      searchAlias: "workspace_search_files",
    });
    expect(block).toContain("60000 characters, above the inline limit of 50000");
    expect(block).toContain('workspace_read_file {"path": "tool-results/inv_root/round-001-call_ab.txt"');
    expect(block).toContain("workspace_search_files");
    expect(block.split("## Prefix preview\n\n")[1]).toHaveLength(3000);
    expect(externalizedContent({ content: "z", limit: 0, viewPath: "p", viewLines: 1 })).toContain(
      "No workspace reading tool",
    );
    expect(markdownOf({ list: [1, { b: true }] }, 0)).toBe("- list:\n  - 1: 1\n  - 2:\n    - b: true");
  });
});

describe("tool results and failures", () => {
  it("names audit files by the first 8 bytes of SHA-256 of the call id", async () => {
    const hash = await callHash("call_1");
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(auditPaths("inv_root", 7, hash)).toEqual({
      args: `tool-args/inv_root/round-007-call_${hash}.json`,
      result: `tool-results/inv_root/round-007-call_${hash}.json`,
      view: `tool-results/inv_root/round-007-call_${hash}.txt`,
    });
    const result = {
      callId: "c",
      toolId: "builtin:x",
      content: "hi",
      structured: { a: 1 },
      isError: false,
      resourceRefs: ["r"],
    };
    expect(JSON.parse(providerText(result, "builtin"))).toEqual({
      ok: true,
      content: "hi",
      structured: { a: 1 },
      errorCode: null,
      resourceRefs: ["r"],
    });
    expect(providerText(result, "mcp")).toBe("hi");
  });
  it("builds run_failed / run_partial_success payloads (docs/spec/agent-runtime.md §3)", () => {
    const retryable = failureOf(new ModelError("model.provider_rate_limited", "Slow down."));
    expect(runFailedPayload(retryable)).toMatchObject({
      code: "model.provider_rate_limited",
      retryable: true,
      userRetryable: true,
      details: {},
    });
    const drift = failureOf(new AppError("agent.max_tool_rounds_exceeded", "Out of rounds."));
    expect(runFailedPayload(drift)).toMatchObject({ retryable: false, userRetryable: true });
    expect(runFailedPayload(failureOf(new Error("boom")))).toMatchObject({
      code: "agent.internal_error",
      retryable: false,
      userRetryable: false,
      technicalMessage: "boom",
    });
    const partial = runPartialSuccessPayload(retryable, [
      {
        commitId: "k",
        callId: "c",
        path: "output/main.md",
        mode: "append",
        messageId: "m",
        messageIndex: 3,
        revision: 2,
        round: 4,
        checkpointId: "cp_000002",
        committedAt: 0,
      },
    ]);
    expect(partial).toMatchObject({
      retryable: false,
      userRetryable: false,
      preservedCommitCount: 1,
      preservedCommits: [{ path: "output/main.md", mode: "append", messageId: "m", round: 4 }],
    });
  });
});

describe("worldinfo.read_activated", () => {
  const activation = {
    timestampMs: 5,
    trigger: "normal",
    entries: [
      { world: "Lore", uid: 3, displayName: "Dragon", constant: false, content: "The dragon sleeps." },
      { world: "", uid: "", content: "x".repeat(9000) },
    ],
  };
  it("lists in index mode and reads content with ranges and limits", () => {
    const index = readActivatedWorldInfo(activation, {});
    expect(index.structured).toMatchObject({
      mode: "index",
      totalEntries: 2,
      entries: [{ ref: "worldinfo:Lore#3", totalChars: 18 }, { ref: "worldinfo:activated#1" }],
    });
    const content = readActivatedWorldInfo(activation, {
      entries: [{ ref: "worldinfo:Lore#3", start_char: 4, max_chars: 6 }],
    });
    expect(content.structured).toMatchObject({
      mode: "content",
      entries: [{ content: "dragon", startChar: 4, endChar: 10, truncated: true }],
    });
    expect(codeOf(() => readActivatedWorldInfo(activation, { entries: [{ ref: "worldinfo:activated#1" }] }))).toBe(
      "worldinfo.read_too_large",
    );
    expect(codeOf(() => readActivatedWorldInfo(activation, { entries: [{ ref: "nope" }] }))).toBe(
      "worldinfo.entry_not_found",
    );
    expect(codeOf(() => readActivatedWorldInfo(undefined, {}))).toBe("worldinfo.activation_unavailable");
    expect(codeOf(() => readActivatedWorldInfo(activation, { bogus: 1 }))).toBe("tool.invalid_arguments");
  });
});
