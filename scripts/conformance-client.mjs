#!/usr/bin/env node
/**
 * MCP conformance client that goes through TavernEdge's own API (used by scripts/conformance.mjs).
 * `@modelcontextprotocol/conformance client --command "node scripts/conformance-client.mjs"` appends
 * the scenario server URL and sets MCP_CONFORMANCE_SCENARIO. Environment: TAVERNEDGE_URL (base URL
 * of a running TavernEdge), TAVERNEDGE_TOKEN (a device token), TAVERNEDGE_PROTOCOL (the
 * registration's protocol preference, default `auto`).
 * Steps: register the server → activate → discover → set every tool to Ask → test-call each tool
 * once with arguments built from its input schema. Exit 1 when any step fails or any call is not a
 * known, non-error tool result.
 */
const [serverUrl] = process.argv.slice(2);
const base = process.env.TAVERNEDGE_URL;
const token = process.env.TAVERNEDGE_TOKEN;
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "unknown";
const protocolVersion = process.env.TAVERNEDGE_PROTOCOL ?? "auto";
if (!serverUrl || !base || !token) {
  console.error("usage: TAVERNEDGE_URL=… TAVERNEDGE_TOKEN=… conformance-client.mjs <server-url>");
  process.exit(2);
}

async function api(method, path, body) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Arguments that satisfy simple object schemas (numbers, integers, strings, booleans). */
function sampleArguments(schema) {
  const args = {};
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const type = Array.isArray(property?.type) ? property.type[0] : property?.type;
    if (property && "default" in property) args[name] = property.default;
    else if (Array.isArray(property?.enum)) args[name] = property.enum[0];
    else if (type === "number" || type === "integer") args[name] = name === "b" ? 3 : 2;
    else if (type === "boolean") args[name] = true;
    else if (type === "string") args[name] = "conformance";
    else if (type === "array") args[name] = [];
    else if (type === "object") args[name] = {};
  }
  return args;
}

let failed = false;
try {
  const server = await api("POST", "/mcp/servers", {
    displayName: `conformance ${scenario}`,
    endpoint: serverUrl,
    protocolVersion,
  });
  await api("POST", `/mcp/servers/${server.id}/state`, { state: "active" });
  const catalog = await api("POST", `/mcp/servers/${server.id}/discover`);
  console.log(
    `[tavernedge] ${scenario}: negotiated ${catalog.protocolVersion}, ${catalog.tools.length} tool(s), diagnostics ${JSON.stringify(catalog.diagnostics)}`,
  );
  for (const tool of catalog.tools) {
    const name = encodeURIComponent(tool.nativeName);
    await api("PUT", `/mcp/servers/${server.id}/tools/${name}/permission`, { permission: "ask" });
    const argumentsJson = JSON.stringify(sampleArguments(tool.inputSchema));
    const outcome = await api("POST", `/mcp/servers/${server.id}/tools/${name}/test-call`, { argumentsJson });
    console.log(`[tavernedge] ${tool.nativeName}(${argumentsJson}) → ${JSON.stringify(outcome)}`);
    if (outcome.outcome !== "known_response" || outcome.response.kind !== "tool_result" || outcome.response.isError)
      failed = true;
  }
} catch (error) {
  console.error(`[tavernedge] ${scenario}: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
