/**
 * The files a module loads: the transitive closure of its relative value imports (type-only
 * imports are erased at build time and not followed). Used for the "files one tool step passes
 * through" count of docs/architecture.md.
 *
 *   node scripts/import-closure.mjs src/application/agent/loop/steps/tool.ts [--types] [--list]
 *
 * Prints the total and the count under src/application/agent/ (`--types` follows type-only
 * imports too; `--list` prints the files).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const entry = args.find((arg) => !arg.startsWith("--"));
if (!entry) {
  console.error("usage: node scripts/import-closure.mjs <entry.ts> [--types] [--list]");
  process.exit(2);
}
const withTypes = args.includes("--types");
const IMPORT = /^\s*(import|export)\s+(type\s+)?([^'"]*?)from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;
const TYPE_ONLY_BRACES = /^\{\s*(type\s+[\w$]+\s*(as\s+[\w$]+\s*)?,?\s*)+\}$/;

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

const seen = new Set();
const stack = [path.resolve(entry)];
while (stack.length > 0) {
  const file = stack.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const spec = match[4] ?? match[5];
    if (!spec.startsWith(".")) continue;
    const typeOnly = Boolean(match[2]) || TYPE_ONLY_BRACES.test((match[3] ?? "").trim());
    if (typeOnly && !withTypes) continue;
    const target = resolve(file, spec);
    if (target && /\.tsx?$/.test(target)) stack.push(target);
  }
}
const files = [...seen].map((file) => path.relative(process.cwd(), file).split(path.sep).join("/")).sort();
const agent = files.filter((file) => file.startsWith("src/application/agent/"));
console.log(`${files.length} files, ${agent.length} in src/application/agent/`);
if (args.includes("--list")) console.log(files.join("\n"));
