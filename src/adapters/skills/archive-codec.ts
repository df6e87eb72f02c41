/**
 * The skills archive codec (port SkillArchiveCodec; docs/spec/skills.md "Import", "Export"):
 * streaming unzip with limits (unzip.ts), a lazily produced `.zip` for export (fflate `Zip` +
 * `ZipDeflate`, one file pulled at a time, fixed timestamps), and YAML parsing (`yaml`, core
 * schema, no custom tags).
 */
import { Zip, ZipDeflate } from "fflate";
import { parse } from "yaml";
import type { ArchiveFile, SkillArchiveCodec } from "../../ports/skill-repository";
import { unzipStream } from "./unzip";

/** A fixed entry time so the same files always produce the same archive bytes. */
const ENTRY_TIME = new Date("2020-01-01T00:00:00Z");

export const skillArchiveCodec: SkillArchiveCodec = {
  unzip: (body, onEntry) => unzipStream(body, onEntry),
  zip: (files) => zipStream(files),
  parseYaml: (text) => parse(text, { schema: "core", maxAliasCount: 50 }),
};

function zipStream(files: AsyncIterable<ArchiveFile>): ReadableStream<Uint8Array> {
  const iterator = files[Symbol.asyncIterator]();
  let zip: Zip;
  let finished = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) {
          controller.error(error);
          return;
        }
        if (chunk.byteLength > 0) controller.enqueue(chunk);
        if (final) {
          finished = true;
          controller.close();
        }
      });
    },
    async pull() {
      if (finished) return;
      const next = await iterator.next();
      if (next.done) {
        zip.end();
        return;
      }
      const entry = new ZipDeflate(next.value.path, { level: 6 });
      entry.mtime = ENTRY_TIME;
      zip.add(entry);
      entry.push(next.value.data, true);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
