/**
 * The import matrix of docs/architecture.md, executable: every import specifier under src/ and
 * durable-objects/ (and web/src) is checked against its layer's allowed targets.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

type Layer =
  | "domain"
  | "ports"
  | "application"
  | "contracts"
  | "adapters"
  | "composition"
  | "http"
  | "durable-objects"
  | "web"
  | "root";

function layerOf(file: string): Layer {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === "durable-objects") return "durable-objects";
  if (rel[0] === "web") return "web";
  const second = rel[1] ?? "";
  if (["domain", "ports", "application", "contracts", "adapters", "composition", "http"].includes(second))
    return second as Layer;
  return "root";
}

/** Which internal layers a layer may import ("type" = type-only imports). */
const ALLOWED: Record<Layer, Partial<Record<Layer, "any" | "type">>> = {
  domain: { domain: "any" },
  // ports and application name the wire types (ServerFrame, response DTOs) type-only: ADR 1700.
  ports: { domain: "type", ports: "any", contracts: "type" },
  application: { domain: "any", ports: "any", application: "any", contracts: "type" },
  contracts: { domain: "any", contracts: "any" },
  adapters: { domain: "any", ports: "any", contracts: "any", adapters: "any" },
  composition: {
    domain: "any",
    ports: "any",
    application: "any",
    adapters: "any",
    composition: "any",
    contracts: "any",
  },
  http: { domain: "any", ports: "type", contracts: "any", http: "any", "durable-objects": "type", root: "any" },
  "durable-objects": {
    domain: "any",
    ports: "any",
    application: "any",
    contracts: "any",
    composition: "any",
    "durable-objects": "any",
    root: "any",
  },
  web: { web: "any", contracts: "type" },
  root: { root: "any", http: "any", "durable-objects": "any", composition: "any", domain: "any" },
};

/** Third-party packages a layer may import (prefix match). Anything else is forbidden. */
const PACKAGES: Record<Layer, string[]> = {
  domain: [],
  ports: [],
  application: [],
  contracts: ["zod"],
  adapters: [
    "zod",
    "@modelcontextprotocol/client",
    "@cfworker/json-schema",
    "ai",
    "@ai-sdk/",
    "eventsource-parser",
    "gpt-tokenizer",
    "fflate",
    "yaml",
    "png-chunks-extract",
    "png-chunks-encode",
    "png-chunk-text",
    "file-type",
  ],
  composition: [],
  http: ["hono", "zod"],
  "durable-objects": ["cloudflare:workers"],
  web: [
    "react",
    "react-dom",
    "qrcode",
    "i18next",
    "react-i18next",
    "i18next-browser-languagedetector",
    "marked",
    "dompurify",
    "react-virtuoso",
    "diff",
  ],
  root: ["hono"],
};

/** SDKs confined to their adapter folder(s). */
const CONFINED: Array<[string, string | string[]]> = [
  ["@modelcontextprotocol/client", "src/adapters/mcp/"],
  ["@ai-sdk/", "src/adapters/llm/"],
  ["ai", "src/adapters/llm/"],
  ["eventsource-parser", "src/adapters/llm/"],
  ["gpt-tokenizer", "src/adapters/tokenizer/"],
  ["fflate", ["src/adapters/skills/", "src/adapters/archive/"]],
  ["yaml", "src/adapters/skills/"],
  ["png-chunk", "src/adapters/png/"],
  ["file-type", "src/adapters/files/"],
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") && !name.endsWith(".config.ts")) out.push(full);
  }
  return out;
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;

export function violations(file: string, text: string): string[] {
  const layer = layerOf(file);
  const problems: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const typeOnly = Boolean(match[2]);
    const spec = match[3] ?? match[4] ?? "";
    const rel = path.relative(ROOT, file);
    if (spec.startsWith(".")) {
      const target = layerOf(path.resolve(path.dirname(file), spec));
      const rule = ALLOWED[layer][target];
      if (!rule || (rule === "type" && !typeOnly))
        problems.push(`${rel}: ${layer} may not import ${typeOnly ? "type " : ""}${target} (${spec})`);
    } else if (!spec.startsWith("node:") || layer !== "web") {
      const ok =
        PACKAGES[layer].some((pkg) => spec === pkg || spec.startsWith(pkg.endsWith("/") ? pkg : `${pkg}/`)) ||
        (typeOnly && spec.startsWith("cloudflare:"));
      if (!ok) problems.push(`${rel}: ${layer} may not import package ${spec}`);
      for (const [pkg, home] of CONFINED) {
        const hit = spec === pkg || spec.startsWith(pkg.endsWith("/") ? pkg : `${pkg}/`);
        const homes = typeof home === "string" ? [home] : home;
        if (hit && !homes.some((h) => rel.startsWith(h)))
          problems.push(`${rel}: ${spec} is confined to ${homes.join(" or ")}`);
      }
    }
  }
  return problems;
}

describe("architecture: import matrix", () => {
  it("every source file imports only what its layer may", () => {
    const files = [...sourceFiles(path.join(ROOT, "src")), ...sourceFiles(path.join(ROOT, "durable-objects"))];
    try {
      files.push(...sourceFiles(path.join(ROOT, "web", "src")));
    } catch {
      /* no web yet */
    }
    const problems = files.flatMap((file) => violations(file, readFileSync(file, "utf8")));
    expect(problems).toEqual([]);
  });

  it("catches a forbidden import (the checker itself works)", () => {
    const domainFile = path.join(ROOT, "src", "domain", "x.ts");
    expect(violations(domainFile, 'import { z } from "zod";')).toHaveLength(1);
    expect(violations(domainFile, 'import { Foo } from "../adapters/storage/foo";')).toHaveLength(1);
    expect(
      violations(
        path.join(ROOT, "src", "application", "x.ts"),
        'import { Client } from "@modelcontextprotocol/client";',
      ).length,
    ).toBeGreaterThan(0);
    expect(
      violations(
        path.join(ROOT, "src", "http", "x.ts"),
        'import { UserSpace } from "../../durable-objects/user-space";',
      ),
    ).toHaveLength(1);
    expect(
      violations(
        path.join(ROOT, "src", "http", "x.ts"),
        'import type { UserSpace } from "../../durable-objects/user-space";',
      ),
    ).toHaveLength(0);
    expect(
      violations(path.join(ROOT, "src", "ports", "x.ts"), 'import type { AppError } from "../domain/errors";'),
    ).toHaveLength(0);
  });
});

/** A repository-relative path (forward slashes) for reports and rank patterns. */
function repoPath(file: string): string {
  return path.relative(ROOT, file).split(path.sep).join("/");
}

/** The source file a relative specifier names (`x`, `x.ts`, `x.tsx`, `x/index.ts`), or null (a package, CSS, JSON). */
function resolveImport(from: string, spec: string, known: ReadonlySet<string>): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ])
    if (known.has(candidate)) return candidate;
  return null;
}

/** Every relative import edge (type-only ones too) between the given files. */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const known = new Set(sources.keys());
  const graph = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const targets = new Set<string>();
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, match[3] ?? match[4] ?? "", known);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The import loops of `graph`: every strongly connected set of more than one file (Tarjan), files sorted. */
export function importLoops(graph: ReadonlyMap<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const loop: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      loop.push(member);
    } while (member !== file);
    if (loop.length > 1) loops.push(loop.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return loops;
}

/**
 * Ranks that say which way imports flow (docs/architecture.md "Import direction"): a file may import
 * files of its own rank or below within the same group, never above. The first pattern that matches
 * a repository path decides. Layers: domain < ports, contracts < application, adapters <
 * composition < http, durable-objects < the Worker entry. Inside the agent machine: the run
 * records and journal < the loop's hub < tools < steps < the step runner < the run commands. Inside
 * durable-objects: machinery and each folder's registry.ts < feature handlers < each folder's
 * index.ts < UserSpace.
 */
export const RANKS: ReadonlyArray<[RegExp, string, number]> = [
  [/^src\/application\/agent\/(journal|run-records|retention)\.ts$/, "agent", 0],
  [/^src\/application\/agent\/loop\/step-runner\.ts$/, "agent", 4],
  [/^src\/application\/agent\/loop\/tools\//, "agent", 2],
  [/^src\/application\/agent\/loop\/steps\//, "agent", 3],
  [/^src\/application\/agent\/loop\/[^/]+$/, "agent", 1],
  [/^src\/application\/agent\/[^/]+$/, "agent", 5],
  [/^durable-objects\/[^/]+\/registry\.ts$/, "durable-objects", 0],
  [/^durable-objects\/[^/]+\/index\.ts$/, "durable-objects", 2],
  [/^durable-objects\/user-space\.ts$/, "durable-objects", 3],
  [/^durable-objects\/[^/]+\/[^/]+$/, "durable-objects", 1],
  [/^durable-objects\/[^/]+$/, "durable-objects", 0],
];

const LAYER_RANK: Record<Layer, number> = {
  domain: 0,
  ports: 1,
  contracts: 1,
  application: 2,
  adapters: 2,
  composition: 3,
  http: 4,
  "durable-objects": 4,
  web: 0,
  root: 5,
};

/** The Worker entry (src/index.ts) is the top; the other files at the root of src (env.ts, version.ts) are leaves anyone may read. */
function layerRank(rel: string, layer: Layer): number {
  return layer === "root" && rel !== "src/index.ts" ? 0 : LAYER_RANK[layer];
}

function rankOf(rel: string): [string, number] | null {
  for (const [pattern, group, rank] of RANKS) if (pattern.test(rel)) return [group, rank];
  return null;
}

/** Imports that point upward: to a higher layer, or to a higher rank of the same group (RANKS). */
export function upwardImports(graph: ReadonlyMap<string, string[]>): string[] {
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    const from = repoPath(file);
    for (const target of targets) {
      const to = repoPath(target);
      const [fromLayer, toLayer] = [layerOf(file), layerOf(target)];
      if (layerRank(from, fromLayer) < layerRank(to, toLayer)) {
        problems.push(`${from} → ${to}: ${fromLayer} imports the higher layer ${toLayer}`);
        continue;
      }
      const [a, b] = [rankOf(from), rankOf(to)];
      if (a && b && a[0] === b[0] && b[1] > a[1]) problems.push(`${from} → ${to}: rank ${a[1]} imports rank ${b[1]}`);
    }
  }
  return problems;
}

describe("architecture: import direction", () => {
  const files = [...sourceFiles(path.join(ROOT, "src")), ...sourceFiles(path.join(ROOT, "durable-objects"))];
  const graph = importGraph(new Map(files.map((file) => [file, readFileSync(file, "utf8")])));

  it("no import loops in src/ and durable-objects/ (type-only imports included)", () => {
    expect(importLoops(graph).map((loop) => loop.map(repoPath))).toEqual([]);
  });

  it("no upward imports in src/ and durable-objects/", () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it("every file of the agent machine and of durable-objects has a rank (the table is not stale)", () => {
    const unranked = files
      .map(repoPath)
      .filter((rel) => /^(src\/application\/agent\/|durable-objects\/)/.test(rel) && !rankOf(rel));
    expect(unranked).toEqual([]);
    for (const [pattern] of RANKS) expect(files.some((file) => pattern.test(repoPath(file)))).toBe(true);
  });

  it("catches a loop and an upward import (the checkers themselves work)", () => {
    const at = (rel: string) => path.join(ROOT, rel);
    const sources = new Map([
      [at("durable-objects/frames/index.ts"), 'import { a } from "./agent-runs";'],
      [
        at("durable-objects/frames/agent-runs.ts"),
        'import type { H } from "./index";\nimport { x } from "../user-space";',
      ],
      [at("durable-objects/user-space.ts"), ""],
      [at("src/application/agent/loop/tools/chat.ts"), 'import { s } from "../steps/model";'],
      [at("src/application/agent/loop/steps/model.ts"), 'import { c } from "../../../../composition/x";'],
      [at("src/composition/x.ts"), ""],
    ]);
    const fake = importGraph(sources);
    expect(importLoops(fake).map((loop) => loop.map(repoPath))).toEqual([
      ["durable-objects/frames/agent-runs.ts", "durable-objects/frames/index.ts"],
    ]);
    expect(upwardImports(fake)).toEqual([
      "durable-objects/frames/agent-runs.ts → durable-objects/frames/index.ts: rank 1 imports rank 2",
      "durable-objects/frames/agent-runs.ts → durable-objects/user-space.ts: rank 1 imports rank 3",
      "src/application/agent/loop/tools/chat.ts → src/application/agent/loop/steps/model.ts: rank 2 imports rank 3",
      "src/application/agent/loop/steps/model.ts → src/composition/x.ts: application imports the higher layer composition",
    ]);
  });
});

/**
 * Routes that need no device token (docs/architecture.md "Routes"): health, setup and recovery
 * (SETUP_TOKEN), pairing (the code is the credential) and the socket upgrade (the ticket is).
 * Add a route here only when it authenticates by other means.
 */
export const PUBLIC_ROUTES = new Set([
  "POST /setup",
  "POST /setup/recover",
  "POST /devices/pair",
  "GET /ws",
  // Operator routes: the setup token (src/http/middleware/setup-token.ts).
  "GET /admin/users",
  "POST /admin/users/:userId/disable",
  "POST /admin/users/:userId/enable",
  "DELETE /admin/users/:userId",
]);

const ROUTE_CALL =
  /\b(\w+)\.(get|post|put|patch|delete|all|on)\(\s*("[^"]*"|'[^']*'|`[^`]*`)\s*,\s*([A-Za-z_$][\w$]*)?/g;

/**
 * The auth rule of docs/architecture.md "Routes" on one route file: no `.use()` (a wildcard middleware
 * turns unknown paths and wrong methods into 401 instead of 404/405), and every route passes
 * `requireDevice` as its first handler unless it is in PUBLIC_ROUTES.
 */
export function routeAuthViolations(rel: string, text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(/\b\w+\.use\(/g)) {
    const line = text.slice(0, match.index).split("\n").length;
    problems.push(`${rel}:${line}: .use() in a route file; pass requireDevice per route instead`);
  }
  for (const match of text.matchAll(ROUTE_CALL)) {
    const route = `${match[2]!.toUpperCase()} ${match[3]!.slice(1, -1)}`;
    if (match[4] === "requireDevice" || PUBLIC_ROUTES.has(route)) continue;
    const line = text.slice(0, match.index).split("\n").length;
    problems.push(`${rel}:${line}: ${route} has no requireDevice (or list it in PUBLIC_ROUTES if it is public)`);
  }
  return problems;
}

describe("architecture: route auth rule", () => {
  const routesDir = path.join(ROOT, "src", "http", "routes");
  const routeFiles = readdirSync(routesDir).filter((name) => name.endsWith(".ts") && name !== "index.ts");

  it("no route file uses .use(); every non-public route passes requireDevice", () => {
    const problems = routeFiles.flatMap((name) =>
      routeAuthViolations(`src/http/routes/${name}`, readFileSync(path.join(routesDir, name), "utf8")),
    );
    expect(problems).toEqual([]);
  });

  it("every public route still exists (the list is not stale)", () => {
    const all = routeFiles.map((name) => readFileSync(path.join(routesDir, name), "utf8")).join("\n");
    const registered = new Set(
      [...all.matchAll(ROUTE_CALL)].map((m) => `${m[2]!.toUpperCase()} ${m[3]!.slice(1, -1)}`),
    );
    expect([...PUBLIC_ROUTES].filter((route) => !registered.has(route))).toEqual([]);
  });

  it("catches a wildcard .use() and a route without requireDevice (the checker itself works)", () => {
    const bad = [
      'routes.use("/x/*", requireDevice);',
      'routes.get("/x", async (c) => c.json({}));',
      'routes.post("/x", requireDevice, async (c) => c.json({}));',
      'routes.post("/setup", async (c) => c.json({}));',
    ].join("\n");
    const problems = routeAuthViolations("src/http/routes/x.ts", bad);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain(":1: .use()");
    expect(problems[1]).toContain(":2: GET /x has no requireDevice");
  });

  it("without a token: a protected route is 401, an unknown path 404, a wrong method 405", async () => {
    const { createApp } = await import("../../src/http/app");
    const app = createApp();
    const env = {} as never;
    const cases: Array<[string, string, number, string]> = [
      ["GET", "/api/v1/chats", 401, "auth.token_missing"],
      ["GET", "/api/v1/mcp/servers/x/nope", 404, "http.route_not_found"],
      ["GET", "/api/v1/chats/x/nope", 404, "http.route_not_found"],
      ["GET", "/api/v1/agent/runs/x/workspace-nope", 404, "http.route_not_found"],
      ["GET", "/api/v1/connections/x/nope", 404, "http.route_not_found"],
      ["PUT", "/api/v1/chats", 405, "http.method_not_allowed"],
      ["DELETE", "/api/v1/mcp/model-tools", 405, "http.method_not_allowed"],
      ["GET", "/api/v1/mcp/servers/x/discover", 405, "http.method_not_allowed"],
    ];
    for (const [method, url, status, code] of cases) {
      const response = await app.request(url, { method }, env);
      const body = (await response.json()) as { error: { code: string } };
      expect([method, url, response.status, body.error.code]).toEqual([method, url, status, code]);
    }
    // The first import of the whole app (Hono, the AI SDK, the MCP client) takes several seconds of
    // CPU on a loaded 2-core machine: the default 5 s budget is for the request checks, not module loading.
  }, 60_000);
});

/** Every folder or file the tables of docs/architecture.md name, as repository paths to check. */
export function documentedPaths(markdown: string): string[] {
  const tables = markdown.split("\n").filter((line) => line.startsWith("|"));
  const out: string[] = [];
  for (const line of tables) {
    for (const [, token] of line.matchAll(/`([^`]+)`/g)) {
      const t = token!.trim();
      if (t.startsWith("@") || t.includes(" ") || t.includes(":") || !/[/.]/.test(t)) continue;
      if (!/^[\w./{},*-]+$/.test(t)) continue;
      out.push(t);
    }
  }
  return out;
}

function expandBraces(token: string): string[] {
  const m = /\{([^}]+)\}/.exec(token);
  if (!m) return [token];
  return m[1]!.split(",").flatMap((part) => expandBraces(token.replace(m[0], part)));
}

/** Candidate folders a documented token is relative to (the tables abbreviate `src/domain/x` as `domain/x`). */
const DOC_BASES = ["", "src", "src/http", "src/adapters/storage", "durable-objects"];

function existsInRepo(token: string): boolean {
  const pattern = token.replace(/NNN/g, "[0-9][0-9][0-9]");
  return expandBraces(pattern).every((candidate) =>
    DOC_BASES.some((base) => {
      const full = path.join(ROOT, base, candidate);
      if (!candidate.includes("*") && !candidate.includes("[")) {
        try {
          statSync(full);
          return true;
        } catch {
          return false;
        }
      }
      const dir = path.dirname(full);
      const re = new RegExp(`^${path.basename(full).replace(/\./g, "\\.").replace(/\*/g, ".*")}$`);
      try {
        return readdirSync(dir).some((name) => re.test(name));
      } catch {
        return false;
      }
    }),
  );
}

describe("architecture: docs/architecture.md names only what exists", () => {
  const doc = readFileSync(path.join(ROOT, "docs", "architecture.md"), "utf8");

  it("every folder and file named in its tables exists", () => {
    const paths = documentedPaths(doc);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((token) => !existsInRepo(token))).toEqual([]);
  });

  it("the web row names every folder of web/src", () => {
    const row = doc.split("\n").find((line) => line.startsWith("| web client"));
    const listed = new Set(
      expandBraces(/`web\/src\/(\{[^}]+\})`/.exec(row ?? "")?.[1] ?? "").flatMap((x) => x.split(",")),
    );
    const folders = readdirSync(path.join(ROOT, "web", "src")).filter((name) =>
      statSync(path.join(ROOT, "web", "src", name)).isDirectory(),
    );
    expect(folders.filter((name) => !listed.has(name))).toEqual([]);
  });

  it("catches a missing folder (the checker itself works)", () => {
    expect(existsInRepo("domain/mcp")).toBe(true);
    expect(existsInRepo("application/mcp/registry-*")).toBe(true);
    expect(existsInRepo("web/src/{shell,mcp}")).toBe(true);
    expect(existsInRepo("domain/no-such-feature")).toBe(false);
    expect(existsInRepo("web/src/{shell,no-such-folder}")).toBe(false);
    expect(documentedPaths("| x | `domain/gone` | `McpService` | `@ai-sdk/*` |")).toEqual(["domain/gone"]);
  });
});
