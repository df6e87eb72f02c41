#!/usr/bin/env node
/**
 * Benchmark [agent-loop] (issue 14): runtime overhead per agent round against a real `wrangler dev`
 * on 127.0.0.1, with a zero-latency scripted OpenAI-compatible model (an in-process HTTP server
 * that answers the next scripted step at once) and builtin tools only.
 *
 * A round = one model step + its tool steps, each in its own alarm invocation. Overhead of round r
 * = (model_request_created of round r+1 − model_request_created of round r) − model time of round r
 * (model_response_stored − model_call_attempt_started), from the run's journal timestamps (ms).
 * Measured for a run whose journal starts empty, and for one with 1,000 previous journal events
 * (appended through the development route while the run waits out a scripted 429 retry).
 * Prints the median and p90 ms per round excluding model time; never asserts timings.
 */
import { createServer } from "node:http";
import { startWranglerDev, createDevUser } from "../scripts/dev-server.mjs";

const ROUNDS = 24;
const PREVIOUS_EVENTS = 1000;

function modelServer() {
  const scripts = new Map();
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const request = JSON.parse(body || "{}");
      const script = scripts.get(request.model) ?? { steps: [], cursor: 0 };
      const step = script.steps[script.cursor++] ?? { text: "done" };
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
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}

function roundSteps(tag) {
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
  ];
  const steps = [];
  for (let r = 0; r < ROUNDS; r += 1) steps.push({ calls: [tools[r % tools.length](r)] });
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

async function call(base, route, token, body, method) {
  const response = await fetch(`${base}${route}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${route} → ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function allEvents(base, token, runId) {
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

async function runOnce(base, token, model, chatId, tag, withBacklog) {
  const modelId = `bench-${tag}`;
  model.scripts.set(modelId, { steps: [...(withBacklog ? [{ status: 429 }] : []), ...roundSteps(tag)], cursor: 0 });
  const connection = await call(base, "/api/v1/connections", token, {
    name: modelId,
    provider: "openai-compatible",
    baseUrl: `${model.url}/v1`,
    apiKey: "sk-bench-000001",
    modelId,
  });
  const handle = await call(base, "/api/v1/agent/runs", token, {
    stableChatId: chatId,
    connectionId: connection.id,
    promptSnapshot: { chatCompletionPayload: { messages: [{ role: "user", content: "Write." }] } },
  });
  if (withBacklog) {
    for (;;) {
      const events = await allEvents(base, token, handle.runId);
      if (events.some((e) => e.type === "model_call_retry_scheduled")) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await call(base, `/api/v1/agent/dev/runs/${handle.runId}/events`, token, { count: PREVIOUS_EVENTS });
  }
  const deadline = Date.now() + 180_000;
  for (;;) {
    const run = await call(base, `/api/v1/agent/runs/${handle.runId}`, token);
    if (["completed", "failed", "partial_success", "cancelled"].includes(run.status)) {
      if (run.status !== "completed") throw new Error(`bench run ended ${run.status}`);
      break;
    }
    if (Date.now() > deadline) throw new Error("bench run did not finish in 3 minutes");
    await new Promise((r) => setTimeout(r, 100));
  }
  const events = await allEvents(base, token, handle.runId);
  const at = (e) => Date.parse(e.timestamp);
  const byRound = (type) => new Map(events.filter((e) => e.type === type).map((e) => [e.payload.round, e]));
  const starts = byRound("model_request_created");
  const attempts = new Map(
    events.filter((e) => e.type === "model_call_attempt_started").map((e) => [e.payload.round, e]),
  );
  const stored = byRound("model_response_stored");
  const overheads = [];
  for (let r = 2; r < ROUNDS; r += 1) {
    const modelMs = at(stored.get(r)) - at(attempts.get(r));
    overheads.push(at(starts.get(r + 1)) - at(starts.get(r)) - modelMs);
  }
  return { overheads, events: events.length };
}

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
};

const watchdog = setTimeout(() => {
  console.error("agent-round bench: watchdog after 6 minutes");
  process.exit(1);
}, 6 * 60_000);
const model = await modelServer();
const dev = await startWranglerDev();
try {
  const { deviceToken: token } = await createDevUser(dev.url, "Bench");
  const chat = await call(dev.url, "/api/v1/chats", token, { title: "Bench chat" });
  for (const [i, text] of ["A dragon wakes.", "It looks around.", "Tell me more about the dragon."].entries()) {
    await call(dev.url, `/api/v1/chats/${chat.id}/messages`, token, { role: i % 2 === 0 ? "user" : "assistant", text });
  }
  await runOnce(dev.url, token, model, chat.id, "warm", false);
  const cold = await runOnce(dev.url, token, model, chat.id, "zero", false);
  const backlog = await runOnce(dev.url, token, model, chat.id, "backlog", true);
  console.log(
    `agent round overhead (ms per round, model time excluded; ${ROUNDS - 2} rounds, builtin tools, zero-latency model):`,
  );
  console.log(
    `  0 previous events:     median ${pct(cold.overheads, 0.5)} ms, p90 ${pct(cold.overheads, 0.9)} ms (${cold.events} events in the run)`,
  );
  console.log(
    `  ${PREVIOUS_EVENTS} previous events: median ${pct(backlog.overheads, 0.5)} ms, p90 ${pct(backlog.overheads, 0.9)} ms (${backlog.events} events in the run)`,
  );
} finally {
  await dev.stop({ removeState: true });
  await model.close();
  clearTimeout(watchdog);
}
