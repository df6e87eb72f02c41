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
  ports: { domain: "type", ports: "any" },
  application: { domain: "any", ports: "any", application: "any" },
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
  adapters: ["zod", "@modelcontextprotocol/client", "@cfworker/json-schema", "ai", "@ai-sdk/"],
  composition: [],
  http: ["hono", "zod"],
  "durable-objects": ["cloudflare:workers"],
  web: ["react", "react-dom", "qrcode", "i18next", "react-i18next", "i18next-browser-languagedetector"],
  root: ["hono"],
};

/** SDKs confined to one adapter folder. */
const CONFINED: Array<[string, string]> = [
  ["@modelcontextprotocol/client", "src/adapters/mcp/"],
  ["@ai-sdk/", "src/adapters/llm/"],
  ["ai", "src/adapters/llm/"],
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
        if (hit && !rel.startsWith(home)) problems.push(`${rel}: ${spec} is confined to ${home}`);
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
