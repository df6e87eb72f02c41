/** Wording of network failures in src/adapters/llm/errors.ts (docs/spec/agent-runtime.md §7; ADR 1461). */
import { APICallError } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { toModelError } from "../../../src/adapters/llm/errors";

const compatible = { apiKey: "sk-unit-secret", providerLabel: "The OpenAI-compatible endpoint" };
const REFUSED = "the server refused the connection or is not running";

describe("toModelError network wording", () => {
  it("says the server refused the connection instead of the runtime's text, with a lower-case label mid-sentence", () => {
    const lost = toModelError(new Error("Network connection lost."), compatible);
    expect([lost.code, lost.retryable]).toEqual(["model.request_failed", true]);
    expect(lost.message).toBe(`Could not reach the OpenAI-compatible endpoint: ${REFUSED}.`);
    const node = toModelError(
      new TypeError("fetch failed", {
        cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }),
      }),
      compatible,
    );
    expect(node.message).toBe(`Could not reach the OpenAI-compatible endpoint: ${REFUSED}.`);
    const wrapped = new APICallError({
      message: "Cannot connect to API: fetch failed",
      url: "http://127.0.0.1:9/v1",
      requestBodyValues: {},
      cause: new Error("connection refused"),
      isRetryable: true,
    });
    expect(toModelError(wrapped, { apiKey: "", providerLabel: "OpenAI" }).message).toBe(
      `Could not reach OpenAI: ${REFUSED}.`,
    );
  });

  it("keeps other network errors' text, scrubbed, and the label's capital where it starts the sentence", () => {
    const dns = toModelError(new Error("DNS lookup failed for host sk-unit-secret.example"), compatible);
    expect(dns.message).toBe(
      "Could not reach the OpenAI-compatible endpoint: DNS lookup failed for host [redacted].example",
    );
    const denied = toModelError(
      new APICallError({ message: "bad key", url: "u", requestBodyValues: {}, statusCode: 401 }),
      compatible,
    );
    expect(denied.message).toMatch(/^The OpenAI-compatible endpoint refused the credentials/);
    // The provider's own words alone, for the client's "Provider said" line.
    expect(denied.details).toMatchObject({ status: 401, providerMessage: "bad key" });
    expect(toModelError("boom", compatible).message).toBe("The request to the OpenAI-compatible endpoint failed: boom");
  });
});
