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
    "gpt-tokenizer",
    "fflate",
    "yaml",
  ],
  composition: [],
  http: ["hono", "zod"],
  "durable-objects": ["cloudflare:workers"],
  web: ["react", "react-dom", "qrcode", "i18next", "react-i18next", "i18next-browser-languagedetector"],
  root: ["hono"],
};

/** SDKs confined to their adapter folder(s). */
const CONFINED: Array<[string, string | string[]]> = [
  ["@modelcontextprotocol/client", "src/adapters/mcp/"],
  ["@ai-sdk/", "src/adapters/llm/"],
  ["ai", "src/adapters/llm/"],
  ["gpt-tokenizer", "src/adapters/tokenizer/"],
  ["fflate", ["src/adapters/skills/", "src/adapters/archive/"]],
  ["yaml", "src/adapters/skills/"],
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

/**
 * Routes that need no device token (docs/architecture.md "Routes"): health, setup and recovery
 * (SETUP_TOKEN), pairing (the code is the credential) and the socket upgrade (the ticket is).
 * Add a route here only when it authenticates by other means.
 */
export const PUBLIC_ROUTES = new Set(["POST /setup", "POST /setup/recover", "POST /devices/pair", "GET /ws"]);

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
