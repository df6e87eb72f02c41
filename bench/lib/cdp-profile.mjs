/**
 * CPU profiling of the Worker under `wrangler dev` through its DevTools inspector (used by
 * `node bench/profile-agent-round.mjs`-style scratch scripts; not a benchmark itself).
 * `startProfile(port)` connects to the first worker listed on `http://127.0.0.1:<port>/json`,
 * starts the V8 sampling profiler and resolves `stop()`, which resolves the `.cpuprofile` object.
 */
import WebSocket from "ws";

export async function startProfile(port, intervalUs = 100) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl) ?? targets[0];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let id = 0;
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    if (message.id && pending.has(message.id)) {
      pending.get(message.id)(message);
      pending.delete(message.id);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      id += 1;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: intervalUs });
  await send("Profiler.start");
  return {
    stop: async () => {
      const answer = await send("Profiler.stop");
      socket.close();
      return answer.result?.profile;
    },
  };
}

/** Self time per function (ms) of a `.cpuprofile`, biggest first: `[{name, url, line, ms}]`. */
export function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const node = byId.get(profile.samples[i]);
    const f = node.callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").slice(-2).join("/")}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  return [...self.entries()].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}
