/**
 * Finds user-visible string literals in web/src that bypass the i18n catalogues (docs/spec/i18n.md
 * "The check"), by walking each file's syntax tree (oxc parser through rolldown/parseAst; the
 * repository's TypeScript 7 is a native binary without a JS compiler API, ADR 2801):
 * - JSX text containing a letter;
 * - string or template literals in JSX attributes, except technical ones (className, href, type…);
 * - string or template literals placed as JSX children or as branches of `?:` / `&&` / `??` there;
 * - literals passed as user-visible text to sinks: `confirm()`, `alert()`, `signOut()`,
 *   `show({message})`, `new ApiError(status, code, message)`, `document.title = …`.
 * A literal is "visible text" when it contains a letter (\p{L}) and is not in ALLOWED.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseAst } from "rolldown/parseAst";

/** Names, brands and technical tokens shown as they are in every language. */
export const ALLOWED = new Set([
  "TavernEdge",
  "MCP",
  "JSON",
  "tte_…",
  "OpenAI",
  "Anthropic",
  "Google",
  // JSON literals and an HTTP header name, typed as they are.
  "true",
  "false",
  "Authorization",
  // The built-in profile's id, the MCP wildcard, and example values of profile fields, typed as they are.
  "default-writer",
  "(mcp:*)",
  "output/main.md",
  "markdown",
  "main",
]);

/** Attributes that never reach the reader. */
const TECHNICAL_ATTRIBUTES = new Set([
  "className",
  "id",
  "href",
  "type",
  "role",
  "name",
  "key",
  "htmlFor",
  "variant",
  "autoComplete",
  "inputMode",
  "spellCheck",
  "rel",
  "target",
  "method",
  "accept",
  "lang",
  "dir",
  "pattern",
  "value",
  "defaultValue",
  "download",
  "src",
  "form",
  "wrap",
  "mode",
  "tone",
  "kind",
  "size",
  "status",
  "testId",
  "enterKeyHint",
  "autoCapitalize",
  "fileName",
  "action",
  "autoCorrect",
  "codeTestId",
  "i18nKey",
  "ns",
]);

/** The aria-* attributes a screen reader speaks (the others hold ids, booleans or tokens). */
const VISIBLE_ARIA = new Set([
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "aria-placeholder",
  "aria-roledescription",
]);

export interface Finding {
  file: string;
  line: number;
  text: string;
  where: string;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  value !== null && typeof value === "object" && typeof (value as Node).type === "string";

function visibleText(text: string): boolean {
  const trimmed = text.replace(/\s+/g, " ").trim();
  // URLs and paths are typed as they are in every language.
  if (/^[a-z][a-z0-9+.-]*:\/\/\S*$/i.test(trimmed) || /^\/\S*$/.test(trimmed)) return false;
  return /\p{L}/u.test(trimmed) && !ALLOWED.has(trimmed);
}

/** The literal text parts of a string or template literal (empty for anything else). */
function literalParts(node: unknown): string[] {
  if (!isNode(node)) return [];
  if (node.type === "Literal" && typeof node.value === "string") return [node.value];
  if (node.type === "TemplateLiteral")
    return (node.quasis as Array<{ value: { cooked: string } }>).map((q) => q.value.cooked ?? "");
  return [];
}

/** Literals that end up as the value of an expression: through ?:, &&, ||, ??, parentheses. */
function valueLiterals(node: unknown): string[] {
  if (!isNode(node)) return [];
  switch (node.type) {
    case "ConditionalExpression":
      return [...valueLiterals(node.consequent), ...valueLiterals(node.alternate)];
    case "LogicalExpression":
      return [...valueLiterals(node.left), ...valueLiterals(node.right)];
    case "ParenthesizedExpression":
    case "TSAsExpression":
      return valueLiterals(node.expression);
    case "TemplateLiteral":
      return [...literalParts(node), ...(node.expressions as unknown[]).flatMap(valueLiterals)];
    case "BinaryExpression":
      return node.operator === "+" ? [...valueLiterals(node.left), ...valueLiterals(node.right)] : [];
    default:
      return literalParts(node);
  }
}

function calleeName(node: Node): string | null {
  const callee = node.callee as Node;
  if (callee.type === "Identifier") return callee.name as string;
  if (callee.type === "MemberExpression" && isNode(callee.property) && callee.property.type === "Identifier")
    return callee.property.name as string;
  return null;
}

/** Every finding in one file's source. */
export function findLiterals(file: string, source: string): Finding[] {
  const program = parseAst(source, { lang: file.endsWith(".tsx") ? "tsx" : "ts" }) as unknown as Node;
  const findings: Finding[] = [];
  const lineOf = (offset: number) => source.slice(0, offset).split("\n").length;
  const report = (node: Node, texts: string[], where: string) => {
    for (const text of texts)
      if (visibleText(text))
        findings.push({ file, line: lineOf(node.start), text: text.replace(/\s+/g, " ").trim(), where });
  };
  const visit = (node: Node, parent: Node | null) => {
    switch (node.type) {
      case "JSXText":
        report(node, [node.value as string], "JSX text");
        break;
      case "JSXAttribute": {
        const name = node.name as Node;
        const attr = name.type === "JSXIdentifier" ? (name.name as string) : "";
        const value = node.value as Node | null;
        const ariaHidden = attr.startsWith("aria-") && !VISIBLE_ARIA.has(attr);
        if (
          value &&
          !TECHNICAL_ATTRIBUTES.has(attr) &&
          !ariaHidden &&
          !attr.startsWith("data-") &&
          !attr.startsWith("on")
        ) {
          if (value.type === "Literal") report(node, literalParts(value), `attribute ${attr}`);
          else if (value.type === "JSXExpressionContainer")
            report(node, valueLiterals(value.expression), `attribute ${attr}`);
        }
        break;
      }
      case "JSXExpressionContainer":
        if (parent && (parent.type === "JSXElement" || parent.type === "JSXFragment"))
          report(node, valueLiterals(node.expression), "JSX child");
        break;
      case "CallExpression": {
        const name = calleeName(node);
        const args = node.arguments as Node[];
        if (name === "confirm" || name === "alert" || name === "signOut")
          report(node, args.flatMap(valueLiterals), `${name}()`);
        if (name === "show" && args[0]?.type === "ObjectExpression")
          for (const prop of args[0].properties as Node[])
            if (isNode(prop.key) && prop.key.name === "message") report(node, valueLiterals(prop.value), "toast");
        break;
      }
      case "NewExpression": {
        const callee = node.callee as Node;
        if (callee.type === "Identifier" && callee.name === "ApiError")
          report(node, valueLiterals((node.arguments as Node[])[2]), "new ApiError message");
        break;
      }
      case "AssignmentExpression": {
        const left = node.left as Node;
        if (left.type === "MemberExpression" && isNode(left.property) && left.property.name === "title")
          report(node, valueLiterals(node.right), "document.title");
        break;
      }
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === "type" || key === "start" || key === "end") continue;
      if (Array.isArray(child)) {
        for (const item of child) if (isNode(item)) visit(item, node);
      } else if (isNode(child)) visit(child, node);
    }
  };
  visit(program, null);
  return findings;
}

/** All .ts/.tsx files under `dir` except the catalogues themselves. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full.endsWith(path.join("i18n", "locales"))) continue;
      out.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out.sort();
}

/** Findings across web/src (or another root). */
export function scanTree(root: string): Finding[] {
  return sourceFiles(root).flatMap((file) => findLiterals(path.relative(root, file), readFileSync(file, "utf8")));
}
