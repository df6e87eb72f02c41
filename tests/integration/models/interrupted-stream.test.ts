/**
 * A streamed answer whose connection closes before the provider said it was done (no
 * finish_reason, no [DONE]) is not a finished answer: AI SDK 7's spec v4 reports it as the finish
 * reason "interrupted", and the gateway turns it into the retryable `model.stream_failed` instead of
 * keeping the cut-off text (docs/decisions/2900).
 */
import { describe, expect, it } from "vitest";
import type { ModelMessage } from "../../../src/domain/models/ir";
import { loadScript, modelErrorOf, peerGateway, recorded } from "./helpers";

const ask: ModelMessage[] = [{ role: "user", parts: [{ type: "text", text: "Tell me a long story" }] }];

describe("interrupted model stream", () => {
  it("OpenAI chat: a stream cut after the first text pieces → retryable model.stream_failed, no partial answer", async () => {
    // Chunks: role, three text pieces, finish, usage. Ending after 3 sends the role and two pieces.
    const script = await loadScript([{ text: "Once upon a time, far away", endAfterChunks: 3 }]);
    const deltas: string[] = [];
    const error = await modelErrorOf(() =>
      peerGateway(script, { provider: "openai" }).step(
        { messages: ask },
        { stream: true, onDelta: (delta) => deltas.push(delta.text) },
      ),
    );
    expect(error.code).toBe("model.stream_failed");
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("before it finished");
    // The pieces did stream live before the cut; they are display-only and not kept as an answer.
    expect(deltas.join("")).not.toBe("");
    expect(await recorded(script)).toHaveLength(1);
  });

  it("the same answer streamed to the end is kept whole", async () => {
    const script = await loadScript([{ text: "Once upon a time, far away" }]);
    const response = await peerGateway(script, { provider: "openai" }).step({ messages: ask }, { stream: true });
    expect(response.text).toBe("Once upon a time, far away");
    expect(response.finishReason).toBe("stop");
  });
});
