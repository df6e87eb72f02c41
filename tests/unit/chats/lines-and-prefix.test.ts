import { describe, expect, it } from "vitest";
import { readLines } from "../../../src/application/chats/jsonl-lines";
import { prefixDigest } from "../../../src/domain/chats/prefix";
import { AppError } from "../../../src/domain/errors";

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>, limits = { maxBytes: 1 << 20, maxLineBytes: 1 << 16 }) {
  const out = [];
  for await (const line of readLines(stream, limits)) out.push(line);
  return out;
}

describe("readLines", () => {
  it("splits across chunk boundaries, inside multi-byte characters, with CRLF and no final newline", async () => {
    const bytes = new TextEncoder().encode("héllo 🌲\r\nsecond\n\nlast");
    const chunks = Array.from(bytes, (b) => new Uint8Array([b]));
    expect(await collect(streamOf(chunks))).toEqual([
      { line: 1, text: "héllo 🌲" },
      { line: 2, text: "second" },
      { line: 3, text: "" },
      { line: 4, text: "last" },
    ]);
  });

  it("stops at the byte cap and at an overlong line, with codes", async () => {
    const big = new TextEncoder().encode("x".repeat(100) + "\n");
    await expect(collect(streamOf([big, big, big]), { maxBytes: 250, maxLineBytes: 1000 })).rejects.toMatchObject({
      code: "chat.import_too_large",
    });
    const long = new TextEncoder().encode("ok\n" + "y".repeat(70));
    await expect(collect(streamOf([long, long]), { maxBytes: 1000, maxLineBytes: 60 })).rejects.toMatchObject({
      code: "chat.import_line_too_large",
      details: { line: 2 },
    });
  });

  it("reports invalid UTF-8 with its line", async () => {
    const error = await collect(streamOf([new TextEncoder().encode("ok\n"), new Uint8Array([0xff, 0x0a])])).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "chat.import_invalid_line", details: { line: 2 } });
  });

  it("reports invalid UTF-8 on the line that holds it when earlier lines share its chunk", async () => {
    const head = new TextEncoder().encode('{"user_name":"a"}\n{"mes":"');
    const bytes = new Uint8Array([...head, 0xff, 0xfe, ...new TextEncoder().encode('"}\n')]);
    const error = await collect(streamOf([bytes])).catch((e) => e);
    expect(error).toMatchObject({ code: "chat.import_invalid_line", details: { line: 2 } });
    expect(error.message).toContain("Line 2");
    const third = new Uint8Array([...new TextEncoder().encode("a\nb\nc"), 0xc3, 0x0a, 0x64]);
    await expect(collect(streamOf([third]))).rejects.toMatchObject({ details: { line: 3 } });
    const truncatedAtEnd = new Uint8Array([...new TextEncoder().encode("a\nb\n"), 0xe2, 0x82]);
    await expect(collect(streamOf([truncatedAtEnd]))).rejects.toMatchObject({ details: { line: 3 } });
  });

  it("yields the same lines and the same UTF-8 error line whatever the chunk size", async () => {
    const text = '第一行 🌲\r\nzweite Zeile ü\n\n{"mes":"三"}\nlast 🐉';
    const bytes = new TextEncoder().encode(text);
    const expected = ["第一行 🌲", "zweite Zeile ü", "", '{"mes":"三"}', "last 🐉"].map((t, i) => ({
      line: i + 1,
      text: t,
    }));
    // A 4-byte character cut short inside line 4: the bad line is 4 whichever chunk holds its start.
    const bad = new Uint8Array([
      ...new TextEncoder().encode("a\nb\nc\nd "),
      0xf0,
      0x9f,
      0x8c,
      0x0a,
      ...new TextEncoder().encode("e\n"),
    ]);
    for (let size = 1; size <= bytes.byteLength; size += 1) {
      const chunks = (all: Uint8Array) =>
        Array.from({ length: Math.ceil(all.byteLength / size) }, (_, i) => all.subarray(i * size, (i + 1) * size));
      expect(await collect(streamOf(chunks(bytes))), `chunks of ${size}`).toEqual(expected);
      const seen: number[] = [];
      const error = await (async () => {
        for await (const line of readLines(streamOf(chunks(bad)), { maxBytes: 1 << 20, maxLineBytes: 1 << 16 }))
          seen.push(line.line);
      })().catch((e) => e);
      expect(error, `chunks of ${size}`).toMatchObject({ code: "chat.import_invalid_line", details: { line: 4 } });
      expect(seen).toEqual([1, 2, 3]);
    }
  });

  it("keeps a multi-byte character split across chunks on its own line", async () => {
    const bytes = new TextEncoder().encode("one\ntwo 🌲\nthree");
    const at = bytes.indexOf(0xf0) + 2;
    expect(await collect(streamOf([bytes.subarray(0, at), bytes.subarray(at)]))).toEqual([
      { line: 1, text: "one" },
      { line: 2, text: "two 🌲" },
      { line: 3, text: "three" },
    ]);
  });
});

describe("prefixDigest", () => {
  it("changes with any id, revision, order or length change", () => {
    const base = [
      { messageId: "a", revision: 1 },
      { messageId: "b", revision: 1 },
    ];
    const digest = prefixDigest(base);
    expect(prefixDigest([...base])).toBe(digest);
    expect(prefixDigest([{ messageId: "a", revision: 2 }, base[1]!])).not.toBe(digest);
    expect(prefixDigest([base[1]!, base[0]!])).not.toBe(digest);
    expect(prefixDigest(base.slice(0, 1))).not.toBe(digest);
    expect(digest).toMatch(/^[0-9a-f]{16}$/);
  });
});
