/**
 * A picture chosen as a character's avatar, made ready for `PUT /characters/:id/avatar` (which
 * stores PNG only; docs/spec/characters.md §3): a PNG up to 8 MiB goes as it is (the art
 * stays byte for byte); a JPEG or WebP, or a PNG too large, is drawn on a canvas (at most 2048 px
 * on its longer side, smaller until the PNG fits 8 MiB) and sent as PNG.
 *
 * Errors (ApiError, client-side codes): `client.image_unsupported` for another kind of file,
 * `client.image_unreadable` for a picture the browser cannot decode.
 */
import { ApiError } from "../api/client";
import { errorSentence } from "../i18n/errors";

/** What the server accepts for an avatar, bytes. */
export const AVATAR_MAX_BYTES = 8 * 1024 * 1024;
const MAX_SIDE = 2048;
const KINDS: Record<string, RegExp> = {
  "image/png": /\.png$/i,
  "image/jpeg": /\.jpe?g$/i,
  "image/webp": /\.webp$/i,
};

/** The picture's kind from its type, else its name; null when it is none of PNG, JPEG, WebP. */
export function pictureKind(file: Pick<File, "type" | "name">): string | null {
  if (file.type in KINDS) return file.type;
  return Object.keys(KINDS).find((kind) => KINDS[kind]!.test(file.name)) ?? null;
}

function fail(code: "client.image_unsupported" | "client.image_unreadable"): ApiError {
  return new ApiError(0, code, errorSentence(code));
}

async function drawAsPng(bitmap: ImageBitmap, scale: number): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw fail("client.image_unreadable");
  return blob;
}

/** `file` as a PNG Blob the avatar route takes. */
export async function avatarPng(file: File): Promise<Blob> {
  const kind = pictureKind(file);
  if (!kind) throw fail("client.image_unsupported");
  if (kind === "image/png" && file.size <= AVATAR_MAX_BYTES) return file.slice(0, file.size, "image/png");
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw fail("client.image_unreadable");
  }
  try {
    let scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    for (;;) {
      const png = await drawAsPng(bitmap, scale);
      if (png.size <= AVATAR_MAX_BYTES || scale < 0.05) return png;
      scale /= 2;
    }
  } finally {
    bitmap.close();
  }
}
