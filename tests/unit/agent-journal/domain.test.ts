import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  isRunId,
  newEventId,
  newRunId,
  normalizeStableChatId,
  workspaceIdFor,
} from "../../../src/domain/agent/run-ids";
import {
  assertTransition,
  canTransition,
  AGENT_RUN_STATUSES,
  TERMINAL_RUN_STATUSES,
} from "../../../src/domain/agent/run-status";
import { MAX_EVENT_PAYLOAD_BYTES, prepareEvent } from "../../../src/domain/agent/run-events";
import { normalizeEventsQuery } from "../../../src/domain/agent/journal-query";
import { decodeRunCursor, encodeRunCursor } from "../../../src/domain/agent/run-cursor";
import { InMemoryRunJournal } from "../../fakes/in-memory-run-journal";

describe("run ids (docs/spec/agent-runtime.md §2)", () => {
  it("run and event ids are prefix + 32 hex", () => {
    const runId = newRunId();
    expect(runId).toMatch(/^run_[0-9a-f]{32}$/);
    expect(isRunId(runId)).toBe(true);
    expect(newEventId()).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(newRunId()).not.toBe(runId);
  });

  it("workspaceId is chat_ + first 16 hex of sha256 over the compact kind/stableChatId JSON", async () => {
    const expected = createHash("sha256")
      .update('{"kind":"character","stableChatId":"chat-42 ✓"}')
      .digest("hex")
      .slice(0, 16);
    expect(await workspaceIdFor("character", "chat-42 ✓")).toBe(`chat_${expected}`);
    expect(await workspaceIdFor("group", "chat-42 ✓")).not.toBe(`chat_${expected}`);
  });

  it("stableChatId is trimmed, required and at most 512 chars", () => {
    expect(normalizeStableChatId("  abc ")).toBe("abc");
    expect(() => normalizeStableChatId("   ")).toThrow(
      expect.objectContaining({ code: "agent.stable_chat_id_required" }),
    );
    expect(() => normalizeStableChatId("x".repeat(513))).toThrow(
      expect.objectContaining({ code: "agent.invalid_stable_chat_id" }),
    );
  });
});

describe("status machine (docs/spec/agent-runtime.md §3)", () => {
  it("terminal statuses never change", () => {
    for (const from of TERMINAL_RUN_STATUSES)
      for (const to of AGENT_RUN_STATUSES) expect(canTransition(from, to)).toBe(false);
    expect(() => assertTransition("run_x", "completed", "failed")).toThrow(
      expect.objectContaining({
        code: "agent.run_status_conflict",
        details: expect.objectContaining({ current: { status: "completed" } }),
      }),
    );
  });

  it("follows the happy path and refuses shortcuts", () => {
    const path = [
      "created",
      "initializing_workspace",
      "assembling_context",
      "calling_model",
      "dispatching_tool",
      "dispatching_tool",
      "calling_model",
      "finishing",
      "completed",
    ] as const;
    for (let i = 1; i < path.length; i += 1) expect(canTransition(path[i - 1]!, path[i]!)).toBe(true);
    expect(canTransition("calling_model", "completed")).toBe(false);
    expect(canTransition("created", "completed")).toBe(false);
    expect(canTransition("cancelling", "calling_model")).toBe(false);
    expect(canTransition("cancelling", "cancelled")).toBe(true);
    expect(canTransition("awaiting_host_commit", "partial_success")).toBe(true);
  });
});

describe("events and queries (docs/spec/journal.md)", () => {
  it("injects eventScope and refuses oversized or malformed payloads", () => {
    const scoped = prepareEvent(
      "run_a",
      { type: "model_completed", payload: { invocationId: "inv_x", round: 1 } },
      "evt_1",
      0,
    );
    expect(JSON.parse(scoped.payloadJson).eventScope).toEqual({ invocationId: "inv_x" });
    expect(scoped.level).toBe("info");
    expect(prepareEvent("run_a", { type: "run_failed", payload: {} }, "evt_2", 0).level).toBe("error");
    expect(
      JSON.parse(
        prepareEvent("run_a", { type: "status_changed", payload: { status: "calling_model" } }, "evt_3", 0).payloadJson,
      ).eventScope,
    ).toEqual({ invocationId: "inv_root" });
    expect(prepareEvent("run_a", { type: "run_completed", payload: null }, "evt_4", 0).payloadJson).toBe("null");
    expect(() =>
      prepareEvent(
        "run_a",
        { type: "workspace_file_written", payload: { text: "x".repeat(MAX_EVENT_PAYLOAD_BYTES) } },
        "evt_5",
        0,
      ),
    ).toThrow(expect.objectContaining({ code: "agent.journal_payload_too_large" }));
    expect(() => prepareEvent("run_a", { type: "Bad Type" as never, payload: {} }, "evt_6", 0)).toThrow(
      expect.objectContaining({ code: "agent.journal_event_invalid" }),
    );
  });

  it("clamps limit to 1..500, default 100", () => {
    expect(normalizeEventsQuery({}).limit).toBe(100);
    expect(normalizeEventsQuery({ limit: 0 }).limit).toBe(1);
    expect(normalizeEventsQuery({ limit: 9999 }).limit).toBe(500);
    expect(normalizeEventsQuery({ beforeSeq: 5 }).direction).toBe("latest");
  });

  it("run cursors round-trip and garbage is input.invalid", () => {
    const cursor = { createdAt: 1764450000123, runId: newRunId() };
    expect(decodeRunCursor(encodeRunCursor(cursor))).toEqual(cursor);
    expect(() => decodeRunCursor("not-a-cursor")).toThrow(expect.objectContaining({ code: "input.invalid" }));
  });
});

describe("InMemoryRunJournal fake", () => {
  it("numbers each run from 1 without gaps and pages like the SQLite journal", () => {
    const journal = new InMemoryRunJournal();
    journal.addRun("run_a");
    journal.addRun("run_b");
    for (let i = 0; i < 30; i += 1)
      journal.append(i % 3 === 0 ? "run_b" : "run_a", { type: "checkpoint_created", payload: { i } });
    expect(journal.all("run_a").map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(journal.all("run_b").map((e) => e.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(journal.read("run_a", { beforeSeq: 15, limit: 4 }).map((e) => e.seq)).toEqual([11, 12, 13, 14]);
    expect(journal.read("run_a", { afterSeq: 18 }).map((e) => e.seq)).toEqual([19, 20]);
    expect(() => journal.append("run_z", { type: "run_completed", payload: null })).toThrow(
      expect.objectContaining({ code: "agent.run_not_found" }),
    );
  });
});
