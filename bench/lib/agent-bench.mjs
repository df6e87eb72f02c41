/**
 * Shared set-up of the agent benchmarks (bench/agent-round.mjs, bench/hanging-run.mjs): a
 * zero-latency scripted OpenAI-compatible model server, the builtin-tool round script, journal
 * reads and the per-round overhead taken from journal timestamps. Not a benchmark itself
 * (scripts/bench.mjs only runs bench/*.mjs).
 */
import { createServer } from "node:http";
import { createDevUser, devRequest, startWranglerDev } from "../../scripts/dev-server.mjs";

/** `call(base, route, token, body?, method?)`: scripts/dev-server.mjs `devRequest`. */
export const call = devRequest;

/**
 * An in-process model server on 127.0.0.1. `scripts`: Map modelId → `{steps, cursor}`; each request
 * answers the next step at once (as SSE chunks when the request says `stream: true`): `{text}`, `{calls: [{id, name, arguments}]}`, `{status}` (an error
 * answer with that HTTP status) or `{hang: true}` (never answered until `close()`); past the script
 * it answers "done". `firstRequestAt`: Map modelId → Date.now() of its first request;
 * `requestTimes`: Map modelId → performance.now() of every request's arrival (this process's clock).
 * Resolves `{url, scripts, firstRequestAt, requestTimes, close}`.
 */
export function scriptedModelServer() {
  const scripts = new Map();
  const firstRequestAt = new Map();
  const requestTimes = new Map();
  const open = new Set();
  const server = createServer((req, res) => {
    const arrivedAt = performance.now();
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const request = JSON.parse(body || "{}");
      if (!firstRequestAt.has(request.model)) firstRequestAt.set(request.model, Date.now());
      if (!requestTimes.has(request.model)) requestTimes.set(request.model, []);
      requestTimes.get(request.model).push(arrivedAt);
      const script = scripts.get(request.model) ?? { steps: [], cursor: 0 };
      const step = script.steps[script.cursor++] ?? { text: "done" };
      if (step.hang) {
        open.add(res);
        res.on("close", () => open.delete(res));
        return; // never answers
      }
      if (step.status) {
        res.writeHead(step.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "scripted", type: "rate_limit_error", code: "rate_limited" } }));
        return;
      }
      const message = {
        role: "assistant",
        content: step.text ?? null,
        ...(step.calls
          ? {
              tool_calls: step.calls.map((c) => ({
                id: c.id,
                type: "function",
                function: { name: c.name, arguments: c.arguments },
              })),
            }
          : {}),
      };
      if (request.stream === true) {
        // The agent runtime streams model requests: the same answer as SSE chunks.
        const chunk = (delta, finish = null) =>
          `data: ${JSON.stringify({ id: `cmpl-${script.cursor}`, object: "chat.completion.chunk", created: 1, model: request.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        let body = chunk({ role: "assistant", content: step.text ?? "" });
        (step.calls ?? []).forEach((c, index) => {
          body += chunk({
            tool_calls: [{ index, id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } }],
          });
        });
        body += chunk({}, step.calls ? "tool_calls" : "stop");
        if (request.stream_options?.include_usage === true)
          body += `data: ${JSON.stringify({ id: `cmpl-${script.cursor}`, object: "chat.completion.chunk", created: 1, model: request.model, choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`;
        res.end(`${body}data: [DONE]\n\n`);
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: `cmpl-${script.cursor}`,
          object: "chat.completion",
          created: 1,
          model: request.model,
          choices: [{ index: 0, message, finish_reason: step.calls ? "tool_calls" : "stop" }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        scripts,
        firstRequestAt,
        requestTimes,
        close: () =>
          new Promise((r) => {
            for (const res of open) res.destroy();
            server.close(r);
          }),
      }),
    ),
  );
}

/**
 * The model script of one benchmark run: `rounds` rounds of one builtin tool call each, cycling
 * through the first `toolKinds` of list files, search the chat, write a scratch note, read two
 * messages; then write output/main.md, commit, finish. Call ids start with `tag`.
 */
export function roundSteps(tag, rounds, toolKinds = 4) {
  const tools = [
    (r) => ({ id: `${tag}_l${r}`, name: "workspace_list_files", arguments: "{}" }),
    (r) => ({ id: `${tag}_s${r}`, name: "chat_search", arguments: JSON.stringify({ query: "dragon" }) }),
    (r) => ({
      id: `${tag}_w${r}`,
      name: "workspace_write_file",
      arguments: JSON.stringify({ path: `scratch/note-${r}.md`, content: `Note ${r}: ${"words ".repeat(50)}` }),
    }),
    (r) => ({
      id: `${tag}_r${r}`,
      name: "chat_read_messages",
      arguments: JSON.stringify({ messages: [{ index: 0 }, { index: 1 }] }),
    }),
  ].slice(0, toolKinds);
  const steps = [];
  for (let r = 0; r < rounds; r += 1) steps.push({ calls: [tools[r % tools.length](r)] });
  steps.push({
    calls: [
      {
        id: `${tag}_main`,
        name: "workspace_write_file",
        arguments: JSON.stringify({ path: "output/main.md", content: "The end." }),
      },
    ],
  });
  steps.push({ calls: [{ id: `${tag}_commit`, name: "workspace_commit", arguments: "{}" }] });
  steps.push({ calls: [{ id: `${tag}_finish`, name: "workspace_finish", arguments: "{}" }] });
  return steps;
}

/** Every journal event of a run, read in pages of 500. */
export async function allEvents(base, token, runId) {
  const out = [];
  for (;;) {
    const page = await call(
      base,
      `/api/v1/agent/runs/${runId}/events?afterSeq=${out.at(-1)?.seq ?? 0}&limit=500`,
      token,
    );
    out.push(...page.events);
    if (page.events.length < 500) return out;
  }
}

/**
 * Wall time (ms) of each full round of model `modelId`, read on this process's clock: the time
 * from one model request reaching the scripted model server to the next, for the requests from
 * index `from` on (skip the run's start and any retried request). A round holds everything the
 * runtime does between two model calls — storing the answer, the tool step, journaling, preparing
 * the next request — and the zero-latency model's own answer; nothing is subtracted. Rounds
 * `from`..`to − 1` (round r spans request r → request r + 1).
 */
export function roundTimes(model, modelId, from, to) {
  const times = model.requestTimes.get(modelId) ?? [];
  if (times.length < to + 1) throw new Error(`model ${modelId} saw ${times.length} requests, wanted ${to + 1}`);
  const out = [];
  for (let r = from; r < to; r += 1) out.push(times[r + 1] - times[r]);
  return out;
}

/** Creates the benchmark chat with three messages (user, assistant, user); returns its id. */
export async function createBenchChat(base, token) {
  const chat = await call(base, "/api/v1/chats", token, { title: "Bench chat" });
  for (const [i, text] of ["A dragon wakes.", "It looks around.", "Tell me more about the dragon."].entries()) {
    await call(base, `/api/v1/chats/${chat.id}/messages`, token, { role: i % 2 === 0 ? "user" : "assistant", text });
  }
  return chat.id;
}

/**
 * Starts the scripted model server and `wrangler dev`, creates a user and the bench chat. Returns
 * `ctx = {base, token, model, chatId, stop}`; `stop()` removes the dev state and closes the model.
 * A watchdog exits the process with status 1 after `watchdogMinutes` (`name` is in its message).
 */
export async function startAgentBench(name, watchdogMinutes) {
  const watchdog = setTimeout(() => {
    console.error(`${name} bench: watchdog after ${watchdogMinutes} minutes`);
    process.exit(1);
  }, watchdogMinutes * 60_000);
  const model = await scriptedModelServer();
  const dev = await startWranglerDev();
  const stop = async () => {
    await dev.stop({ removeState: true });
    await model.close();
    clearTimeout(watchdog);
  };
  try {
    const { deviceToken: token } = await createDevUser(dev.url, "Bench");
    return { base: dev.url, dev, token, model, chatId: await createBenchChat(dev.url, token), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Loads `steps` as the script of model `bench-<tag>`, creates a connection to it and starts an agent
 * run in the bench chat. Returns `{runId, modelId}`.
 */
export async function startBenchRun(ctx, tag, steps) {
  const modelId = `bench-${tag}`;
  ctx.model.scripts.set(modelId, { steps, cursor: 0 });
  const connection = await call(ctx.base, "/api/v1/connections", ctx.token, {
    name: modelId,
    provider: "openai-compatible",
    baseUrl: `${ctx.model.url}/v1`,
    apiKey: "sk-bench-000001",
    modelId,
  });
  const handle = await call(ctx.base, "/api/v1/agent/runs", ctx.token, {
    stableChatId: ctx.chatId,
    connectionId: connection.id,
    promptSnapshot: { chatCompletionPayload: { messages: [{ role: "user", content: "Write." }] } },
  });
  return { runId: handle.runId, modelId };
}
