/**
 * The i18n check of `npm test` (docs/spec/i18n.md "The check"): no user-visible string literal in
 * web/src outside the catalogues (an AST walk, tests/unit/web/i18n-literals.ts), every key in all
 * three catalogues with the plural forms each language needs and the same placeholders and tags,
 * every key the code asks for present; and error envelopes localized by code with the server's
 * message as second line and as the fallback.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseAst } from "rolldown/parseAst";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isErrorCode } from "../../../src/domain/errors/catalogue";
import { localizeError } from "../../../web/src/i18n/errors";
import { i18n } from "../../../web/src/i18n/i18n";
import { RESOURCES } from "../../../web/src/i18n/locales";
import { findLiterals, scanTree, sourceFiles } from "./i18n-literals";

const WEB = path.resolve(__dirname, "../../../web/src");
const LANGS = ["en", "zh-CN", "zh-TW"] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Keys whose text is the same in every language (JSON literals). */
const SAME_IN_ALL = new Set(["mcp.args.kinds.boolean"]);

/** Screens whose strings are not yet extracted (must shrink to empty). */
const PENDING: string[] = [];

function flatten(value: unknown, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof child === "string") out[full] = child;
    else Object.assign(out, flatten(child, full));
  }
  return out;
}

const catalogues = Object.fromEntries(
  LANGS.map((lng) => [
    lng,
    {
      translation: flatten(RESOURCES[lng].translation),
      errors: { ...RESOURCES[lng].errors } as Record<string, string>,
    },
  ]),
) as Record<(typeof LANGS)[number], { translation: Record<string, string>; errors: Record<string, string> }>;

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<(\/?\w+)\s*\/?>/g)].map((m) => m[1] ?? "").sort();

describe("i18n catalogues", () => {
  for (const ns of ["translation", "errors"] as const) {
    it(`every ${ns} key is in en, zh-CN and zh-TW, with each language's plural forms`, () => {
      const bases = (lng: (typeof LANGS)[number]) =>
        new Set(Object.keys(catalogues[lng][ns]).map((key) => key.replace(PLURAL, "")));
      const all = new Set(LANGS.flatMap((lng) => [...bases(lng)]));
      const missing: string[] = [];
      for (const lng of LANGS) {
        const own = bases(lng);
        for (const key of all) if (!own.has(key)) missing.push(`${lng}: ${ns}:${key}`);
        const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
        for (const key of Object.keys(catalogues.en[ns]).filter((k) => PLURAL.test(k))) {
          const base = key.replace(PLURAL, "");
          for (const category of categories)
            if (catalogues[lng][ns][`${base}_${category}`] === undefined)
              missing.push(`${lng}: ${ns}:${base}_${category}`);
        }
      }
      expect(missing).toEqual([]);
    });

    it(`${ns}: every translation keeps the placeholders and tags of the English text`, () => {
      const wrong: string[] = [];
      for (const [key, text] of Object.entries(catalogues.en[ns])) {
        const base = key.replace(PLURAL, "");
        for (const lng of ["zh-CN", "zh-TW"] as const) {
          const other = catalogues[lng][ns][key] ?? catalogues[lng][ns][`${base}_other`];
          if (other === undefined) continue;
          const want = placeholders(text).filter((p) => p !== "count" || !PLURAL.test(key));
          const got = placeholders(other).filter((p) => p !== "count" || !PLURAL.test(key));
          if (
            JSON.stringify(want) !== JSON.stringify(got) ||
            JSON.stringify(tags(text)) !== JSON.stringify(tags(other))
          )
            wrong.push(`${lng}: ${key}: ${other}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it("every error sentence is keyed by a code the server raises (or a client.* code of the web client)", () => {
    const unknown = Object.keys(catalogues.en.errors).filter(
      (code) => !code.startsWith("client.") && !isErrorCode(code),
    );
    expect(unknown).toEqual([]);
  });

  it("sentence tags are not HTML void elements (whose text i18next would drop)", () => {
    const VOID = new Set([
      "area",
      "base",
      "br",
      "col",
      "embed",
      "hr",
      "img",
      "input",
      "link",
      "meta",
      "source",
      "track",
      "wbr",
    ]);
    const bad = LANGS.flatMap((lng) =>
      Object.entries(catalogues[lng].translation)
        .filter(([, text]) => tags(text).some((tag) => VOID.has(tag.replace("/", ""))))
        .map(([key]) => `${lng}: ${key}`),
    );
    expect(bad).toEqual([]);
  });

  it("the Chinese catalogues are translated, zh-TW in Traditional characters", () => {
    const untranslated = Object.entries(catalogues.en.translation)
      .filter(
        ([key, text]) =>
          !SAME_IN_ALL.has(key) &&
          /(^|\s)[a-z]{3,}\b.*\s[a-z]{3,}\b/.test(text) &&
          catalogues["zh-CN"].translation[key] === text,
      )
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
    // Characters that exist only in Simplified Chinese.
    const simplified = /[们这说个为时会对发设备吗开关进连错误请让还没显过样话]/;
    const leaks = Object.entries({ ...catalogues["zh-TW"].translation, ...catalogues["zh-TW"].errors })
      .filter(([, text]) => simplified.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(leaks).toEqual([]);
  });
});

describe("i18n check over web/src", () => {
  // Parses every file of web/src (rolldown parseAst): CPU-bound, and past vitest's
  // 5 s default on a loaded 2-core machine, so it gets a budget for the work it does.
  it("finds no user-visible string literal outside the catalogues", () => {
    const findings = scanTree(WEB).filter((f) => !PENDING.includes(f.file));
    expect(findings.map((f) => `${f.file}:${f.line} [${f.where}] ${f.text}`)).toEqual([]);
  }, 60_000);

  it("the check itself catches JSX text, visible attributes, branches and sinks, and lets t() through", () => {
    const source = `
      export function X({ ok }: { ok: boolean }) {
        const { t } = useTranslation();
        show({ kind: "info", message: \`Saved \${name}.\` });
        return (
          <div className="row" aria-label="Close panel" title={t("common.close")} data-testid="x">
            Hello there
            {ok ? "Done" : t("common.cancel")}
            <input placeholder={\`Search \${n}\`} type="search" />
            {"…"} {12} TavernEdge
          </div>
        );
      }`;
    expect(findLiterals("x.tsx", source).map((f) => `${f.where}: ${f.text}`)).toEqual([
      "toast: Saved",
      "attribute aria-label: Close panel",
      "JSX text: Hello there",
      "JSX child: Done",
      "attribute placeholder: Search",
    ]);
  });

  it("every key the client asks for exists in the English catalogue", () => {
    const missing: string[] = [];
    const en = catalogues.en.translation;
    const has = (key: string) =>
      en[key] !== undefined || en[`${key}_other`] !== undefined || en[`${key}_one`] !== undefined;
    for (const file of sourceFiles(WEB)) {
      const source = readFileSync(file, "utf8");
      const program = parseAst(source, { lang: file.endsWith(".tsx") ? "tsx" : "ts" });
      const visit = (node: unknown) => {
        if (!node || typeof node !== "object") return;
        const n = node as Record<string, unknown> & { type?: string };
        if (n.type === "CallExpression") {
          const callee = n.callee as { type: string; name?: string; property?: { name?: string } };
          const name = callee.type === "Identifier" ? callee.name : callee.property?.name;
          const first = (n.arguments as Array<{ type: string; value?: unknown }>)[0];
          if (name === "t" && first?.type === "Literal" && typeof first.value === "string" && !has(first.value))
            missing.push(`${path.relative(WEB, file)}: ${first.value}`);
        }
        if (n.type === "JSXAttribute" && (n.name as { name?: string }).name === "i18nKey") {
          const value = n.value as { type: string; value?: unknown };
          if (value?.type === "Literal" && typeof value.value === "string" && !has(value.value))
            missing.push(`${path.relative(WEB, file)}: ${value.value}`);
        }
        for (const child of Object.values(n)) {
          if (Array.isArray(child)) child.forEach(visit);
          else if (child && typeof child === "object") visit(child);
        }
      };
      visit(program);
    }
    expect(missing).toEqual([]);
  });
});

describe("error envelopes in the reader's language", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("zh-CN");
  });
  afterAll(async () => {
    await i18n.changeLanguage("en");
  });

  it("a known code shows only the localized sentence filled from details, not the server's English one too", () => {
    expect(
      localizeError({
        code: "mcp.header_reserved",
        message: 'The header "Mcp-Session-Id" is set by the MCP transport itself and cannot be configured.',
        details: { header: "Mcp-Session-Id" },
      }),
    ).toEqual({
      code: "mcp.header_reserved",
      primary: "请求头“Mcp-Session-Id”由 MCP 传输层自行设置，不能配置。",
      translated: true,
      quoted: null,
    });
  });

  it("an unknown code, or a sentence whose detail is missing, falls back to the server's message", () => {
    expect(localizeError({ code: "future.brand_new", message: "Something new went wrong." })).toEqual({
      code: "future.brand_new",
      primary: "Something new went wrong.",
      translated: false,
      quoted: null,
    });
    expect(localizeError({ code: "mcp.header_reserved", message: "Header X is reserved.", details: {} })).toEqual({
      code: "mcp.header_reserved",
      primary: "Header X is reserved.",
      translated: false,
      quoted: null,
    });
  });

  it("a model provider's own words stay under the translation, labelled, without the server's sentence", async () => {
    const message = "OpenAI refused the credentials (HTTP 401): Incorrect API key provided.";
    const details = { status: 401, providerMessage: "Incorrect API key provided." };
    const shown = localizeError({ code: "model.provider_denied", message, details });
    expect(shown.translated).toBe(true);
    expect(shown.primary).not.toBe(message);
    expect(shown.quoted).toBe("服务商原话：“Incorrect API key provided.”");
    // Without the provider's words apart, no second line repeating the first.
    expect(localizeError({ code: "model.provider_denied", message, details: { status: 401 } }).quoted).toBeNull();
    await i18n.changeLanguage("en");
    expect(localizeError({ code: "model.provider_denied", message, details }).quoted).toBe(
      "Provider said: “Incorrect API key provided.”",
    );
    await i18n.changeLanguage("zh-CN");
  });

  it("zh-TW and English have their own sentences", async () => {
    await i18n.changeLanguage("zh-TW");
    expect(localizeError({ code: "mcp.endpoint_scheme_invalid", message: "x" }).primary).toBe(
      "MCP 端點必須以 http:// 或 https:// 開頭。",
    );
    await i18n.changeLanguage("en");
    expect(localizeError({ code: "mcp.endpoint_scheme_invalid", message: "x" }).primary).toBe(
      "The MCP endpoint must start with http:// or https://.",
    );
    await i18n.changeLanguage("zh-CN");
  });
});
