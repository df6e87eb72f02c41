/**
 * The MCP server row's lamp (web/src/mcp/display.ts serverHealth): an enabled server whose tool
 * discovery failed (e.g. http://127.0.0.1:1/mcp) must not keep a green "Active" lamp.
 */
import { describe, expect, it } from "vitest";
import { i18n } from "../../../web/src/i18n/i18n";
import { serverHealth } from "../../../web/src/mcp/display";

const fetchedAt = "2026-12-01T16:00:00.000Z";
const refused = { code: "mcp.discovery_initialize_failed", message: "Could not connect to http://127.0.0.1:1/mcp." };

describe("MCP server row health", () => {
  it("is amber with the error when discovery on this device failed", () => {
    expect(serverHealth({ state: "active" }, { busy: false, error: refused })).toEqual({
      lamp: "warn",
      label: "mcp.row.discoveryFailed",
      error: refused,
    });
    expect(serverHealth({ state: "active", fetchedAt }, { busy: false, error: refused }).lamp).toBe("warn");
  });

  it("is amber on every device while an active server has no discovered catalog", () => {
    expect(serverHealth({ state: "active" })).toEqual({ lamp: "warn", label: "mcp.row.notDiscovered" });
    expect(serverHealth({ state: "active" }, { busy: true }).lamp).toBe("warn");
  });

  it("is green only with a catalog, grey when paused", () => {
    expect(serverHealth({ state: "active", fetchedAt })).toEqual({ lamp: "active", label: "mcp.row.active" });
    expect(serverHealth({ state: "active" }, { busy: false, result: {} }).lamp).toBe("active");
    expect(serverHealth({ state: "paused" }, { busy: false, error: refused }).lamp).toBe("paused");
  });

  it("every label has a sentence in each language", async () => {
    for (const lng of ["en", "zh-CN", "zh-TW"]) {
      await i18n.changeLanguage(lng);
      for (const key of ["mcp.row.discoveryFailed", "mcp.row.notDiscovered"]) expect(i18n.t(key)).not.toBe(key);
    }
  });
});
