/**
 * Scripted OpenAI-compatible model server (loopback, Node) — plays a model for tests.
 *
 * ## Endpoints
 * - `POST /v1/chat/completions` (stream or not, as the request's `stream` says): answers the next
 *   step of the script named by the `x-script-id` header, or else by the request's `model` field.
 *   So a connection with `modelId: "<scriptId>"` and `baseUrl: "<peer>/v1"` plays that script.
 *   No script with that id → a default step `{text: "OK"}` (so "Test connection" works with any
 *   model id). Script exhausted → 400 `{error: {code: "script_exhausted"}}`.
 * - `POST /redirect/v1/chat/completions` → 307 to `/v1/chat/completions` (redirect tests).
 * - `POST /__script` body `{id, steps: Step[], apiKey?, pick?}` → 201 `{id, steps}`: (re)loads a script and
 *   resets its cursor. With `apiKey`, requests must carry `Authorization: Bearer <apiKey>` (else 401).
 *   `pick: "round"` answers by conversation instead of by cursor: step N (0-based) for a request
 *   whose messages hold N assistant messages, so a request sent again (a retry after a restart)
 *   gets the same answer.
 * - `POST /__release` body `{id}` → 200 `{released}`: lets the held streams of script `id` go on
 *   (see `holdAfterChunks`); a release before the hold means the stream does not stop at all.
 *   Loading the script again (`POST /__script`) holds again.
 * - `GET /__requests?script=<id>` → `{requests: Recorded[]}` (every request, in order; without
 *   `script`, all); `DELETE /__requests` clears the log.
 *   Recorded = `{script, path, stream, status, authorization, body, receivedAt, answeredAt?}` (`body`
 *   = parsed JSON; `receivedAt` / `answeredAt` = ms epoch when the body was read / the answer sent).
 *
 * ## Step (one model answer; all fields optional)
 * ```
 * { "text": "Hello",                     // assistant text (streamed in ~3 pieces, or `textPieces`)
 *   "textPieces": 30,                    // stream: split the text into this many pieces
 *   "reasoning": "thinking…",            // sent as `reasoning_content` before the text
 *   "toolCalls": [{ "id": "call_1", "name": "get_weather", "arguments": "{\"city\":\"Paris\"}" }],
 *                                        // `id` omitted or null → the call is sent WITHOUT an id;
 *                                        // `arguments` default "{}" (streamed in 2 pieces)
 *   "interleave": true,                  // stream: interleave the argument pieces of parallel calls
 *   "finishReason": "stop",              // default: "tool_calls" when toolCalls, else "stop"
 *   "refusal": "I can't help with that", // OpenAI `refusal` field (finish_reason stays as given)
 *   "usage": { "prompt_tokens": 10, "completion_tokens": 5 },
 *   "error": { "status": 429, "message": "slow down", "type": "rate_limit_error", "code": "rate_limited",
 *              "headers": { "retry-after": "2" } },   // answer an HTTP error instead
 *   "rawBody": "not json", "rawContentType": "application/json",  // answer 200 with this exact body
 *   "delayMs": 2000,                     // wait before answering (headers included), both modes
 *   "chunkDelayMs": 50,                  // stream: pause between chunks
 *   "stallAfterChunks": 2,               // stream: after N chunks keep the response open, send nothing
 *   "holdAfterChunks": 10,               // stream: after N chunks wait for `POST /__release {id}`, then go on
 *   "endAfterChunks": 3,                 // stream: after N chunks close the response cleanly, with no
 *                                        // finish_reason and no [DONE] (a connection cut by a proxy)
 *   "streamError": { "message": "overloaded", "type": "server_error" }  // stream: error event, then end
 * }
 * ```
 *
 * ## Validation like real providers (400 `invalid_request_error`, the step is NOT consumed)
 * Every assistant `tool_calls[].id` must be answered by a following `role: "tool"` message with that
 * `tool_call_id` before any other message, every tool message must answer a pending call, and a
 * tool call in the request must have an id.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { listenLoopback, readBody } from "./http-peer";
import type { PeerHandle } from "./registry";

export interface ScriptToolCall {
  id?: string | null;
  name: string;
  arguments?: string;
}
export interface ScriptStep {
  text?: string;
  textPieces?: number;
  reasoning?: string;
  toolCalls?: ScriptToolCall[];
  interleave?: boolean;
  finishReason?: string;
  refusal?: string;
  usage?: { prompt_tokens: number; completion_tokens: number };
  error?: { status: number; message?: string; type?: string; code?: string; headers?: Record<string, string> };
  rawBody?: string;
  rawContentType?: string;
  delayMs?: number;
  chunkDelayMs?: number;
  stallAfterChunks?: number;
  holdAfterChunks?: number;
  endAfterChunks?: number;
  streamError?: { message: string; type?: string };
}
interface Script {
  steps: ScriptStep[];
  cursor: number;
  apiKey?: string;
  pick?: "round";
}
interface Recorded {
  script: string;
  path: string;
  stream: boolean;
  status: number;
  authorization: string | null;
  body: any;
  receivedAt: number;
  answeredAt?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startModelPeer(): Promise<PeerHandle> {
  const scripts = new Map<string, Script>();
  /** Per script: released by `POST /__release`, and the held streams waiting for it. */
  const holds = new Map<string, { released: boolean; waiters: Array<() => void> }>();
  const holdFor = (scriptId: string) => {
    let hold = holds.get(scriptId);
    if (!hold) holds.set(scriptId, (hold = { released: false, waiters: [] }));
    return hold;
  };
  /** Resolves when script `scriptId` is released or the response closes. */
  const waitRelease = (scriptId: string, res: ServerResponse) =>
    new Promise<void>((resolve) => {
      const hold = holdFor(scriptId);
      if (hold.released) return resolve();
      hold.waiters.push(resolve);
      res.once("close", () => resolve());
    });
  const requests: Recorded[] = [];
  let counter = 0;

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const providerError = (
    res: ServerResponse,
    status: number,
    message: string,
    code: string,
    type = "invalid_request_error",
    headers: Record<string, string> = {},
  ) => json(res, status, { error: { message, type, code, param: null } }, headers);

  async function completions(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const text = await readBody(req);
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      return providerError(res, 400, "We could not parse the JSON body of your request.", "invalid_json");
    }
    const scriptId = String(req.headers["x-script-id"] ?? body.model ?? "");
    const record: Recorded = {
      script: scriptId,
      path,
      stream: body.stream === true,
      status: 200,
      authorization: req.headers.authorization ?? null,
      body,
      receivedAt: Date.now(),
    };
    requests.push(record);
    const fail = (status: number, message: string, code: string, type?: string, headers?: Record<string, string>) => {
      record.status = status;
      providerError(res, status, message, code, type, headers);
    };
    const script = scripts.get(scriptId);
    if (script?.apiKey !== undefined && req.headers.authorization !== `Bearer ${script.apiKey}`)
      return fail(401, "Incorrect API key provided.", "invalid_api_key");
    const problem = validatePairing(body.messages);
    if (problem) return fail(400, problem, "invalid_tool_pairing");
    let step: ScriptStep;
    const round = Array.isArray(body.messages)
      ? body.messages.filter((m: { role?: unknown }) => m?.role === "assistant").length
      : 0;
    if (!script) step = { text: "OK" };
    else if (script.pick === "round") {
      if (round >= script.steps.length)
        return fail(400, `Script ${scriptId} has no step for round ${round + 1}.`, "script_exhausted");
      step = script.steps[round]!;
    } else if (script.cursor >= script.steps.length)
      return fail(400, `Script ${scriptId} has no step left (${script.steps.length} used).`, "script_exhausted");
    else step = script.steps[script.cursor++]!;
    if (step.delayMs) {
      const closed = new Promise<void>((resolve) => res.once("close", () => resolve()));
      await Promise.race([sleep(step.delayMs), closed]);
      if (res.destroyed || res.writableEnded) return;
    }
    if (step.error) {
      const e = step.error;
      return fail(
        e.status,
        e.message ?? `Scripted error ${e.status}.`,
        e.code ?? `scripted_${e.status}`,
        e.type ?? (e.status === 429 ? "rate_limit_error" : e.status >= 500 ? "server_error" : "invalid_request_error"),
        e.headers,
      );
    }
    if (step.rawBody !== undefined) {
      res.writeHead(200, { "content-type": step.rawContentType ?? "application/json" });
      res.end(step.rawBody);
      return;
    }
    const id = `chatcmpl-${++counter}`;
    record.answeredAt = Date.now();
    if (body.stream === true)
      await streamStep(res, step, id, String(body.model), body.stream_options?.include_usage === true, () =>
        waitRelease(scriptId, res),
      );
    else json(res, 200, completion(step, id, String(body.model)));
  }

  const handle = await listenLoopback((req, res) => {
    const url = new URL(req.url ?? "/", "http://peer");
    const route = `${req.method} ${url.pathname}`;
    (async () => {
      if (route === "POST /v1/chat/completions") return completions(req, res, url.pathname);
      if (route === "POST /redirect/v1/chat/completions") {
        await readBody(req);
        res.writeHead(307, { location: "/v1/chat/completions" });
        return res.end();
      }
      if (route === "POST /__script") {
        const { id, steps, apiKey, pick } = JSON.parse(await readBody(req)) as {
          id: string;
          steps: ScriptStep[];
          apiKey?: string;
          pick?: "round";
        };
        if (typeof id !== "string" || !Array.isArray(steps)) return json(res, 400, { error: "need {id, steps}" });
        holds.delete(id);
        scripts.set(id, {
          steps,
          cursor: 0,
          ...(apiKey !== undefined ? { apiKey } : {}),
          ...(pick === "round" ? { pick } : {}),
        });
        return json(res, 201, { id, steps: steps.length });
      }
      if (route === "POST /__release") {
        const { id } = JSON.parse(await readBody(req)) as { id?: unknown };
        if (typeof id !== "string") return json(res, 400, { error: "need {id}" });
        const hold = holdFor(id);
        hold.released = true;
        const released = hold.waiters.splice(0);
        for (const wake of released) wake();
        return json(res, 200, { released: released.length });
      }
      if (route === "GET /__requests") {
        const script = url.searchParams.get("script");
        return json(res, 200, { requests: script === null ? requests : requests.filter((r) => r.script === script) });
      }
      if (route === "DELETE /__requests") {
        requests.length = 0;
        return json(res, 200, { cleared: true });
      }
      return json(res, 404, {
        error: { message: `No route ${route}`, type: "invalid_request_error", code: "not_found" },
      });
    })().catch((error) => {
      if (!res.headersSent) json(res, 500, { error: { message: String(error), type: "server_error" } });
      else res.destroy();
    });
  });
  return handle;
}

/** Provider-like pairing validation; returns an error message or null. */
export function validatePairing(messages: unknown): string | null {
  if (!Array.isArray(messages)) return "'messages' must be an array.";
  let pending = new Set<string>();
  for (const [index, message] of messages.entries()) {
    if (message?.role === "tool") {
      if (!pending.has(message.tool_call_id))
        return `Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls' (messages[${index}].tool_call_id=${JSON.stringify(message.tool_call_id)}).`;
      pending.delete(message.tool_call_id);
      continue;
    }
    if (pending.size > 0)
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...pending].join(", ")}`;
    if (message?.role === "assistant" && Array.isArray(message.tool_calls)) {
      pending = new Set();
      for (const call of message.tool_calls) {
        if (typeof call?.id !== "string" || call.id === "")
          return `Missing required parameter: 'messages[${index}].tool_calls[].id'.`;
        pending.add(call.id);
      }
    }
  }
  if (pending.size > 0)
    return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...pending].join(", ")}`;
  return null;
}

function finishOf(step: ScriptStep): string {
  return step.finishReason ?? (step.toolCalls && step.toolCalls.length > 0 ? "tool_calls" : "stop");
}

function completion(step: ScriptStep, id: string, model: string): unknown {
  const message: Record<string, unknown> = { role: "assistant", content: step.text ?? null };
  if (step.reasoning) message.reasoning_content = step.reasoning;
  if (step.refusal) message.refusal = step.refusal;
  if (step.toolCalls?.length) {
    message.tool_calls = step.toolCalls.map((call) => ({
      ...(call.id ? { id: call.id } : {}),
      type: "function",
      function: { name: call.name, arguments: call.arguments ?? "{}" },
    }));
  }
  return {
    id,
    object: "chat.completion",
    created: 1_790_000_000,
    model,
    choices: [{ index: 0, message, finish_reason: finishOf(step) }],
    usage: {
      prompt_tokens: step.usage?.prompt_tokens ?? 12,
      completion_tokens: step.usage?.completion_tokens ?? 7,
      total_tokens: (step.usage?.prompt_tokens ?? 12) + (step.usage?.completion_tokens ?? 7),
    },
  };
}

function pieces(text: string, count: number): string[] {
  if (text.length === 0) return [""];
  const size = Math.max(1, Math.ceil(text.length / count));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

async function streamStep(
  res: ServerResponse,
  step: ScriptStep,
  id: string,
  model: string,
  includeUsage: boolean,
  hold: () => Promise<void>,
): Promise<void> {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const base = { id, object: "chat.completion.chunk", created: 1_790_000_000, model };
  const chunks: unknown[] = [];
  const delta = (d: Record<string, unknown>, finish: string | null = null) =>
    chunks.push({ ...base, choices: [{ index: 0, delta: d, finish_reason: finish }] });
  delta({ role: "assistant", content: "" });
  if (step.reasoning) for (const piece of pieces(step.reasoning, 2)) delta({ reasoning_content: piece });
  if (step.text) for (const piece of pieces(step.text, step.textPieces ?? 3)) delta({ content: piece });
  if (step.refusal) delta({ refusal: step.refusal });
  const calls = step.toolCalls ?? [];
  const argPieces = calls.map((call) => pieces(call.arguments ?? "{}", 2));
  const start = (i: number) =>
    delta({
      tool_calls: [
        {
          index: i,
          ...(calls[i]!.id ? { id: calls[i]!.id } : {}),
          type: "function",
          function: { name: calls[i]!.name, arguments: "" },
        },
      ],
    });
  const arg = (i: number, piece: string) => delta({ tool_calls: [{ index: i, function: { arguments: piece } }] });
  if (step.interleave) {
    calls.forEach((_, i) => start(i));
    const rounds = Math.max(0, ...argPieces.map((p) => p.length));
    for (let r = 0; r < rounds; r += 1)
      calls.forEach((_, i) => {
        const piece = argPieces[i]![r];
        if (piece !== undefined) arg(i, piece);
      });
  } else {
    calls.forEach((_, i) => {
      start(i);
      for (const piece of argPieces[i]!) arg(i, piece);
    });
  }
  if (step.streamError)
    chunks.push({ error: { message: step.streamError.message, type: step.streamError.type ?? "server_error" } });
  else {
    delta({}, finishOf(step));
    if (includeUsage)
      chunks.push({
        ...base,
        choices: [],
        usage: {
          prompt_tokens: step.usage?.prompt_tokens ?? 12,
          completion_tokens: step.usage?.completion_tokens ?? 7,
          total_tokens: (step.usage?.prompt_tokens ?? 12) + (step.usage?.completion_tokens ?? 7),
        },
      });
  }
  for (const [index, chunk] of chunks.entries()) {
    if (step.stallAfterChunks !== undefined && index >= step.stallAfterChunks) {
      await new Promise<void>((resolve) => res.once("close", () => resolve()));
      return;
    }
    if (step.endAfterChunks !== undefined && index >= step.endAfterChunks) {
      res.end();
      return;
    }
    if (step.holdAfterChunks !== undefined && index === step.holdAfterChunks) await hold();
    if (res.destroyed) return;
    res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    if (step.chunkDelayMs) await sleep(step.chunkDelayMs);
  }
  res.end("data: [DONE]\n\n");
}
