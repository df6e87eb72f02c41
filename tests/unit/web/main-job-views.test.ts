/**
 * Pure parts of the web main-job screens: the readable journal lines (web/src/runs/journal-lines.ts),
 * the PATCH body of a connection edit and the new-chat body (the prompt snapshot is built by the
 * server since docs/decisions/1902).
 */
import { describe, expect, it } from "vitest";
import { dispositionFileName } from "../../../web/src/api/raw-request";
import { connectionBody } from "../../../web/src/connections/ConnectionForm";
import type { EventLevel } from "../../../src/contracts/agent-run-views";
import type { Connection } from "../../../web/src/connections/types";
import { newChatBody } from "../../../web/src/chats/NewChatForm";
import { describeEvent } from "../../../web/src/runs/journal-lines";

const event = (type: string, payload: Record<string, unknown> | null, level: EventLevel = "info") =>
  describeEvent({ type, payload, level });

describe("journal lines", () => {
  // The first describeEvent loads the i18n catalogues and Intl formatters: synchronous CPU work that
  // went past vitest's 5 s default on the loaded 2-core machine, so the test gets a budget for it.
  it("renders the main events as one human line each", { timeout: 30_000 }, () => {
    expect(event("model_completed", { round: 2, toolCallCount: 3 }).text).toBe("Round 2: model called 3 tools");
    expect(
      event("model_completed", { round: 1, toolCallCount: 1, narration: { text: "Let me write.", truncated: false } })
        .text,
    ).toBe("Round 1: model called 1 tool — “Let me write.”");
    // Without the provider's words the sentence's full stop gives way to "— will retry".
    expect(
      event(
        "model_call_attempt_failed",
        { round: 2, code: "model.provider_rate_limited", message: "HTTP 429", willRetry: true },
        "warn",
      ).text,
    ).toBe(
      "Round 2: model call failed: model.provider_rate_limited The model provider is limiting requests (rate limit) — will retry",
    );
    // An approval that ended with the run was not declined by anyone.
    const asked = { name: "mcp__Tools__echo", approvalId: "apr_1" };
    expect(event("tool_call_denied", { ...asked, decision: "deny" }).text).toBe(
      "mcp__Tools__echo was declined: not sent",
    );
    expect(event("tool_call_denied", { ...asked, decision: "cancelled" }).text).toBe(
      "The run ended before anyone approved mcp__Tools__echo: not sent",
    );
    expect(event("workspace_file_written", { path: "output/main.md", chars: 1234 }).text).toBe(
      "Wrote output/main.md (1,234 chars)",
    );
    expect(event("chat_commit_completed", { messageIndex: 4 })).toEqual({
      text: "Committed to the chat (message #5)",
      tone: "success",
      detail: false,
    });
    expect(event("run_failed", { code: "model.provider_denied", message: "The key was refused." }, "error")).toEqual({
      // The catalogue's sentence in the reader's language, not the server's English (docs/spec/i18n.md §3).
      text: "Failed: model.provider_denied The model provider refused the API key.",
      tone: "error",
      detail: false,
    });
    expect(event("tool_call_completed", { round: 3, name: "workspace_commit", elapsedMs: 2 }).text).toBe(
      "Round 3: workspace_commit done (2 ms)",
    );
    expect(event("run_completed", null)).toEqual({ text: "Completed", tone: "success", detail: false });
    expect(
      event(
        "model_call_attempt_failed",
        {
          round: 1,
          code: "model.provider_rate_limited",
          message: "The provider is rate limiting requests (HTTP 429).",
          details: { providerMessage: "slow down" },
          willRetry: true,
        },
        "warn",
      ),
    ).toMatchObject({
      // The sentence in the reader's language, and the provider's own words beside it.
      text: "Round 1: model call failed: model.provider_rate_limited The model provider is limiting requests (rate limit). Provider said: “slow down” — will retry",
      tone: "warn",
    });
  });

  it("hides bookkeeping and debug events unless asked, and never throws on odd payloads", () => {
    expect(event("status_changed", { status: "calling_model" })).toMatchObject({
      text: "Status: Calling model",
      detail: true,
    });
    expect(event("model_response_stored", { round: 1 }, "debug").detail).toBe(true);
    expect(event("some_future_event", "not an object" as unknown as null).text).toBe("some future event");
    expect(event("tool_call_failed", { name: 7, errorCode: null, message: null }).text).toBe("7 failed: ");
  });
});

describe("forms", () => {
  const existing: Connection = {
    id: "c1",
    name: "Main",
    provider: "openai",
    baseUrl: null,
    modelId: "gpt",
    defaults: {},
    contextTokens: null,
    maxOutputTokens: null,
    isDefault: true,
    apiKeyHint: "abcd",
    createdAt: "",
    updatedAt: "",
  };
  it("a connection edit sends only what changed, and an empty key keeps the saved one", () => {
    const draft = {
      name: "Main",
      provider: "openai" as const,
      baseUrl: "",
      apiKey: "",
      modelId: "gpt-2",
      isDefault: true,
    };
    expect(connectionBody(draft, existing)).toEqual({ modelId: "gpt-2" });
    expect(connectionBody({ ...draft, apiKey: "sk-new", isDefault: false }, existing)).toEqual({
      modelId: "gpt-2",
      apiKey: "sk-new",
      isDefault: false,
    });
    expect(connectionBody({ ...draft, provider: "openai-compatible", baseUrl: " http://127.0.0.1:1234/v1 " })).toEqual({
      name: "Main",
      provider: "openai-compatible",
      baseUrl: "http://127.0.0.1:1234/v1",
      modelId: "gpt-2",
      isDefault: true,
      apiKey: "",
    });
  });

  it("a new chat sends the card only with a name", () => {
    const base = {
      title: " Tale ",
      systemPrompt: "",
      name: "",
      description: "",
      personality: "",
      scenario: "",
      firstMessage: "",
    };
    expect(newChatBody(base)).toEqual({ title: "Tale" });
    expect(newChatBody({ ...base, scenario: "Woods" })).toBe("Give the character a name, or clear its fields.");
    expect(newChatBody({ ...base, name: " Sera ", scenario: "Woods", systemPrompt: "Be kind." })).toEqual({
      title: "Tale",
      character: { name: "Sera", scenario: "Woods" },
      systemPrompt: "Be kind.",
    });
  });

  it("reads the export file name from Content-Disposition", () => {
    expect(
      dispositionFileName(`attachment; filename="Sera_.jsonl"; filename*=UTF-8''Sera%20%F0%9F%90%89.jsonl`, "x"),
    ).toBe("Sera 🐉.jsonl");
    expect(dispositionFileName(`attachment; filename="plain.jsonl"`, "x")).toBe("plain.jsonl");
    expect(dispositionFileName(null, "fallback.jsonl")).toBe("fallback.jsonl");
  });
});
