/**
 * MCP JSON import (docs/spec/mcp-platform.md): every reason a pasted server is skipped has its own
 * code and a sentence in en, zh-CN and zh-TW, so a Chinese-speaking user does not read English
 * server text; a header check's sentence names the header (details carried in `skipped`).
 */
import { afterAll, describe, expect, it } from "vitest";
import { interpretImportDocument } from "../../../src/application/mcp/registry-import";
import { errorTemplate, localizeError } from "../../../web/src/i18n/errors";
import { i18n } from "../../../web/src/i18n/i18n";

const doc = JSON.stringify({
  mcpServers: {
    stdio: { command: "npx", args: ["server"] },
    sse: { type: "sse", url: "https://old.example/sse" },
    ws: { type: "websocket", url: "wss://x.example" },
    nourl: {},
    headers: { url: "https://h.example/mcp", headers: { A: 1 } },
    version: { url: "https://v.example/mcp", protocolVersion: 2025 },
    notObject: 7,
  },
});

describe("JSON import skip reasons", () => {
  afterAll(() => i18n.changeLanguage("en"));

  it("each reason has its own code", () => {
    const { skipped } = interpretImportDocument(doc);
    expect(skipped.map((s) => [s.name, s.code])).toEqual([
      ["stdio", "mcp.import_transport_stdio"],
      ["sse", "mcp.import_transport_sse"],
      ["ws", "mcp.import_transport_unsupported"],
      ["nourl", "mcp.import_url_missing"],
      ["headers", "mcp.import_headers_invalid"],
      ["version", "mcp.import_protocol_version_invalid"],
      ["notObject", "mcp.import_entry_invalid"],
    ]);
  });

  it.each(["en", "zh-CN", "zh-TW"])("%s has a sentence for every skip and header/endpoint code", async (lng) => {
    await i18n.changeLanguage(lng);
    const codes = [
      ...interpretImportDocument(doc).skipped.map((s) => s.code),
      "mcp.import_duplicate_endpoint",
      "mcp.header_value_non_ascii",
      "mcp.header_value_invalid",
      "mcp.endpoint_scheme_invalid",
    ];
    for (const code of codes) {
      expect(errorTemplate(code), `${lng} ${code}`).not.toBeNull();
      const shown = localizeError({ code, message: "English server text", details: { header: "X-Key" } });
      expect(shown.primary, `${lng} ${code}`).not.toBe("English server text");
      if (lng !== "en") expect(shown.primary, `${lng} ${code}`).toMatch(/[\u4e00-\u9fff]/);
    }
    const header = localizeError({ code: "mcp.header_value_non_ascii", message: "x", details: { header: "X-Key" } });
    expect(header.primary).toContain("X-Key");
    expect(header.primary).toMatch(/ASCII/);
  });
});
