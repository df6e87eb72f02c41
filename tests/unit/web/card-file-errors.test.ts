/**
 * Card import refusals in the reader's language (docs/spec/characters.md §2 "What the file is"):
 * a photo or a text file picked by mistake is named as what it is, with what is accepted, in en,
 * zh-CN and zh-TW — not "damaged PNG".
 */
import { afterAll, describe, expect, it } from "vitest";
import { cardFileKind } from "../../../src/application/characters/card-file-kind";
import type { AppError } from "../../../src/domain/errors";
import { localizeError } from "../../../web/src/i18n/errors";
import { i18n } from "../../../web/src/i18n/i18n";
import { FILE_SNIFFER } from "../../../src/adapters/files/file-sniffer";

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]);

async function refusal(bytes: Uint8Array): Promise<AppError> {
  try {
    await cardFileKind(FILE_SNIFFER, bytes);
  } catch (error) {
    return error as AppError;
  }
  throw new Error("accepted");
}

describe("card import: what the file is, in three languages", () => {
  afterAll(() => i18n.changeLanguage("en"));

  it("a JPEG and a text file are named; accepted formats listed", async () => {
    const jpeg = await refusal(JPEG);
    expect(jpeg.code).toBe("character.file_unsupported");
    expect(jpeg.details).toEqual({ format: "JPEG", accepted: ["PNG", "JSON"] });
    const text = await refusal(new TextEncoder().encode("Seraphina is a guardian of the forest."));
    expect(text.details).toEqual({ format: "TXT", accepted: ["PNG", "JSON"] });
    const envelope = { code: jpeg.code, message: jpeg.message, details: jpeg.details };
    await i18n.changeLanguage("en");
    expect(localizeError(envelope).primary).toMatch(/^This file is in JPEG format, not a character card\..*PNG.*JSON/);
    await i18n.changeLanguage("zh-CN");
    expect(localizeError(envelope).primary).toBe(
      "这是 JPEG 格式的文件，不是角色卡。请选择 PNG 角色卡或 JSON 角色卡文件（.png 或 .json）。",
    );
    await i18n.changeLanguage("zh-TW");
    expect(localizeError(envelope).primary).toBe(
      "這是 JPEG 格式的檔案，不是角色卡。請選擇 PNG 角色卡或 JSON 角色卡檔案（.png 或 .json）。",
    );
  });

  it("unknown binary data has its own sentence; PNG and JSON pass whatever they are called", async () => {
    const unknown = await refusal(Uint8Array.from([0x00, 0xff, 0xfe, 0x81, 0x90, 0x00, 0x13]));
    expect(unknown.code).toBe("character.file_unrecognized");
    await i18n.changeLanguage("zh-CN");
    expect(localizeError({ code: unknown.code, message: unknown.message }).primary).toContain("既不是 PNG 图片");
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(await cardFileKind(FILE_SNIFFER, png)).toBe("png");
    expect(await cardFileKind(FILE_SNIFFER, new TextEncoder().encode('\uFEFF  {"name":"艾莉"}'))).toBe("json");
  });
});
