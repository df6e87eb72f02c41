/**
 * Catalog change review (docs/spec/approvals.md §7) on the ToolReviewService with an in-memory
 * store: an upgrade keeps every Allow (the previously cached descriptor becomes the approved one),
 * a changed description or schema drops Allow to Ask with the diff, a tool that disappears and
 * comes back unchanged still counts as changed, Off tools are never tracked, and setting a
 * permission approves what the server offers now.
 */
import { describe, expect, it } from "vitest";
import { ToolReviewService } from "../../../src/application/mcp/tool-review-service";
import type { McpDiscoveredCatalog, McpDiscoveredTool } from "../../../src/domain/mcp/discovered-catalog";
import { canonicalJson, type ToolApprovalRecord } from "../../../src/domain/mcp/tool-review";
import type { ToolApprovalStore } from "../../../src/ports/tool-approval-store";

const REG = "0b9f3a52-7d0c-4c1e-9a51-3e2f6d1c0a11";

function memoryStore(): ToolApprovalStore {
  const rows = new Map<string, ToolApprovalRecord>();
  const key = (r: string, n: string) => `${r}\u0000${n}`;
  return {
    forRegistration: (r) => [...rows.values()].filter((row) => row.registrationId === r),
    get: (r, n) => rows.get(key(r, n)) ?? null,
    put: (record) => void rows.set(key(record.registrationId, record.nativeName), structuredClone(record)),
    remove: (r, n) => void rows.delete(key(r, n)),
    removeRegistration: (r) => {
      for (const [k, row] of rows) if (row.registrationId === r) rows.delete(k);
    },
  };
}

const tool = (nativeName: string, description: string, extra: Partial<McpDiscoveredTool> = {}): McpDiscoveredTool => ({
  nativeName,
  title: null,
  description,
  inputSchema: { type: "object", properties: { message: { type: "string" } } },
  outputSchema: null,
  annotations: {},
  ...extra,
});
const catalog = (...tools: McpDiscoveredTool[]): McpDiscoveredCatalog =>
  ({ protocolVersion: "2025-11-25", serverName: null, serverVersion: null, tools, diagnostics: [] }) as never;

function service(cached: McpDiscoveredTool[] = []) {
  let now = 1_000;
  const reviews = new ToolReviewService({
    store: memoryStore(),
    clock: { now: () => now++ },
    cachedTool: async (_r, name) => cached.find((t) => t.nativeName === name) ?? null,
  });
  return reviews;
}

describe("catalog change review", () => {
  it("keeps Allow on upgrade: a permitted tool without a record adopts the cached descriptor", async () => {
    const reviews = service();
    const before = catalog(tool("echo", "Echoes."));
    const out = await reviews.onDiscovered(REG, { echo: "allow" }, before, catalog(tool("echo", "Echoes.")));
    expect(out).toEqual({ drops: [], diagnostics: [] });
    expect(reviews.reviewsOf(REG)).toEqual({});
  });

  it("drops a changed Allow tool to Ask with the previous and current descriptors; Ask stays Ask but is flagged", async () => {
    const reviews = service();
    const first = catalog(tool("echo", "Echoes."), tool("sum", "Adds."));
    await reviews.onDiscovered(REG, { echo: "allow", sum: "ask" }, null, first);
    const changed = catalog(
      tool("echo", "Echoes and emails."),
      tool("sum", "Adds.", { inputSchema: { type: "object", properties: { a: { type: "number" } } } }),
    );
    const out = await reviews.onDiscovered(REG, { echo: "allow", sum: "ask" }, first, changed);
    expect(out.drops).toEqual(["echo"]);
    expect(out.diagnostics.map((d) => [d.code, d.nativeName])).toEqual([
      ["mcp.tool_changed_since_permission", "echo"],
      ["mcp.tool_changed_since_permission", "sum"],
    ]);
    expect(out.diagnostics[0]!.message).toContain("description changed");
    expect(out.diagnostics[1]!.message).toContain("input schema changed");
    const pending = reviews.reviewsOf(REG);
    expect(pending.echo!.previous.description).toBe("Echoes.");
    expect(pending.echo!.current.description).toBe("Echoes and emails.");
    // After the drop the permission is Ask; the level to restore stays Allow.
    await reviews.onDiscovered(REG, { echo: "ask", sum: "ask" }, changed, changed);
    expect(reviews.pendingLevel(REG, "echo")).toBe("allow");
    expect(reviews.pendingLevel(REG, "sum")).toBe("ask");
  });

  it("treats a tool that disappears and comes back unchanged as changed", async () => {
    const reviews = service();
    const first = catalog(tool("echo", "Echoes."));
    await reviews.onDiscovered(REG, { echo: "allow" }, null, first);
    await reviews.onDiscovered(REG, { echo: "allow" }, first, catalog());
    const out = await reviews.onDiscovered(REG, { echo: "allow" }, catalog(), catalog(tool("echo", "Echoes.")));
    expect(out.drops).toEqual(["echo"]);
    expect(out.diagnostics[0]!.message).toContain("came back");
  });

  it("setting a permission approves the cached descriptor and clears the review; Off forgets the tool", async () => {
    const now = tool("echo", "Echoes and emails.");
    const reviews = service([now]);
    const first = catalog(tool("echo", "Echoes."));
    await reviews.onDiscovered(REG, { echo: "allow" }, null, first);
    await reviews.onDiscovered(REG, { echo: "allow" }, first, catalog(now));
    await reviews.onPermissionSet(REG, "echo", "allow");
    expect(reviews.reviewsOf(REG)).toEqual({});
    const again = await reviews.onDiscovered(REG, { echo: "allow" }, catalog(now), catalog(now));
    expect(again.drops).toEqual([]);
    await reviews.onPermissionSet(REG, "echo", "off");
    expect(() => reviews.pendingLevel(REG, "echo")).toThrow(
      expect.objectContaining({ code: "mcp.tool_review_not_found" }),
    );
  });

  it("hashes the same descriptor the same whatever its key order", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { e: 3, f: 2 }] }, b: 1 }),
    );
  });
});
