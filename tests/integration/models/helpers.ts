/** Helpers for model-gateway tests in workerd: the scripted model peer and gateways. */
import { inject } from "vitest";
import { createModelGateway } from "../../../src/adapters/llm/gateway";
import type { ModelProvider } from "../../../src/domain/models/connection";
import type { ModelError } from "../../../src/domain/models/errors";
import type { ModelGateway } from "../../../src/ports/model-gateway";
import type { ScriptStep } from "../../peers/model-peer";

export const modelPeer = () => inject("peers").model!;

let scriptCounter = 0;

/** Loads a script on the scripted model peer; returns its (unique) id. */
export async function loadScript(
  steps: ScriptStep[],
  options: { apiKey?: string; prefix?: string } = {},
): Promise<string> {
  const id = `${options.prefix ?? "script"}-${Date.now()}-${++scriptCounter}`;
  const response = await fetch(`${modelPeer()}/__script`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id, steps, apiKey: options.apiKey }),
  });
  if (response.status !== 201) throw new Error(`script load failed: ${response.status}`);
  return id;
}

/** Requests the peer recorded for a script. */
export async function recorded(
  scriptId: string,
): Promise<Array<{ path: string; stream: boolean; status: number; authorization: string | null; body: any }>> {
  const response = await fetch(`${modelPeer()}/__requests?script=${encodeURIComponent(scriptId)}`);
  return ((await response.json()) as { requests: any[] }).requests;
}

/** A gateway on the scripted peer (openai-compatible, or openai chat with the peer as base URL). */
export function peerGateway(
  scriptId: string,
  options: { provider?: ModelProvider; apiKey?: string; path?: string } = {},
): ModelGateway {
  return createModelGateway({
    id: "conn_test",
    provider: options.provider ?? "openai-compatible",
    baseUrl: `${modelPeer()}${options.path ?? "/v1"}`,
    modelId: scriptId,
    apiKey: options.apiKey ?? "sk-test-0123456789",
    defaults: {},
  });
}

/** Runs `fn` and returns the ModelError it throws (fails when it does not throw). */
export async function modelErrorOf(fn: () => Promise<unknown>): Promise<ModelError> {
  try {
    await fn();
  } catch (error) {
    return error as ModelError;
  }
  throw new Error("expected a ModelError");
}

/** One canned answer of a fixture fetch. */
export interface FixtureAnswer {
  status?: number;
  contentType?: string;
  body: string;
  headers?: Record<string, string>;
}

/** A request the fixture fetch received (body parsed as JSON). */
export interface FixtureRequest {
  url: string;
  headers: Record<string, string>;
  body: any;
}

/**
 * A fetch that answers recorded provider fixtures in order and records every request, so the
 * real provider adapters run in workerd without a network (Anthropic, Gemini, Responses).
 */
export function fixtureFetch(answers: FixtureAnswer[]): {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  requests: FixtureRequest[];
} {
  const requests: FixtureRequest[] = [];
  const queue = [...answers];
  return {
    requests,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const text = await request.text();
      requests.push({
        url: request.url,
        headers: Object.fromEntries(request.headers),
        body: text ? JSON.parse(text) : null,
      });
      const answer = queue.shift();
      if (!answer)
        return new Response(JSON.stringify({ error: { message: "no fixture left" } }), {
          status: 500,
          headers: { "content-type": "application/json" },
        });
      return new Response(answer.body, {
        status: answer.status ?? 200,
        headers: {
          "content-type":
            answer.contentType ?? (answer.body.startsWith("{") ? "application/json" : "text/event-stream"),
          ...(answer.headers ?? {}),
        },
      });
    },
  };
}
