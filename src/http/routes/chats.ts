/**
 * /api/v1/chats… (docs/spec/chats.md; docs/api.md "Chats").
 * `POST /chats/import` takes the SillyTavern JSONL file as the raw body (never buffered here:
 * the request body stream goes over RPC to the user's object); `GET /chats/:chatId/export`
 * streams the file back.
 */
import { Hono } from "hono";
import {
  appendMessageBodySchema,
  createChatBodySchema,
  deleteMessageQuerySchema,
  duplicateChatBodySchema,
  editMessageBodySchema,
  IMPORT_CONTENT_TYPES,
  importQuerySchema,
  listChatsQuerySchema,
  MESSAGE_BODY_LIMIT,
  messagesQuerySchema,
  searchQuerySchema,
  updateChatBodySchema,
} from "../../contracts/chats";
import { generateBodySchema } from "../../contracts/chat-generation";
import { MAX_IMPORT_BYTES } from "../../domain/chats/limits";
import { AppError } from "../../domain/errors";
import { readJson, readQuery } from "../body";
import { contentDisposition } from "../content-disposition";
import type { HttpEnv } from "../context";
import { requireDevice } from "../middleware/auth";
import { callSpace } from "../space-client";

export const chatRoutes = new Hono<HttpEnv>();

chatRoutes.post("/chats", requireDevice, async (c) =>
  c.json(await callSpace(c, "chats.create", await readJson(c, createChatBodySchema)), 201),
);
chatRoutes.get("/chats", requireDevice, async (c) =>
  c.json(await callSpace(c, "chats.list", readQuery(c, listChatsQuerySchema))),
);

chatRoutes.post("/chats/import", requireDevice, async (c) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!(IMPORT_CONTENT_TYPES as readonly string[]).includes(type)) {
    throw new AppError(
      "http.unsupported_media_type",
      `Send the SillyTavern chat file as the body with Content-Type ${IMPORT_CONTENT_TYPES.join(", ")}.`,
    );
  }
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > MAX_IMPORT_BYTES) {
    throw new AppError("chat.import_too_large", "The chat file is larger than 50 MB.", { maxBytes: MAX_IMPORT_BYTES });
  }
  const body = c.req.raw.body;
  if (!body) throw new AppError("chat.import_empty", "The chat file is empty.");
  const { title } = readQuery(c, importQuerySchema);
  return c.json(await callSpace(c, "chats.import", { body, ...(title !== undefined ? { title } : {}) }), 201);
});

chatRoutes.get("/chats/:chatId", requireDevice, async (c) =>
  c.json(await callSpace(c, "chats.get", { chatId: c.req.param("chatId") })),
);
chatRoutes.patch("/chats/:chatId", requireDevice, async (c) => {
  const body = await readJson(c, updateChatBodySchema);
  return c.json(await callSpace(c, "chats.update", { chatId: c.req.param("chatId"), ...body }));
});
chatRoutes.delete("/chats/:chatId", requireDevice, async (c) =>
  c.json(await callSpace(c, "chats.delete", { chatId: c.req.param("chatId") })),
);
chatRoutes.post("/chats/:chatId/duplicate", requireDevice, async (c) => {
  const body = await readJson(c, duplicateChatBodySchema, { allowEmpty: true });
  return c.json(await callSpace(c, "chats.duplicate", { chatId: c.req.param("chatId"), ...body }), 201);
});

chatRoutes.get("/chats/:chatId/messages", requireDevice, async (c) => {
  const { fromEnd, ...query } = readQuery(c, messagesQuerySchema);
  return c.json(
    await callSpace(c, "chats.messages.read", { chatId: c.req.param("chatId"), ...query, fromEnd: fromEnd === "true" }),
  );
});
chatRoutes.post("/chats/:chatId/messages", requireDevice, async (c) => {
  const body = await readJson(c, appendMessageBodySchema, { maxBytes: MESSAGE_BODY_LIMIT });
  return c.json(await callSpace(c, "chats.messages.append", { chatId: c.req.param("chatId"), ...body }), 201);
});
chatRoutes.get("/chats/:chatId/messages/:messageId", requireDevice, async (c) =>
  c.json(
    await callSpace(c, "chats.messages.get", { chatId: c.req.param("chatId"), messageId: c.req.param("messageId") }),
  ),
);
chatRoutes.patch("/chats/:chatId/messages/:messageId", requireDevice, async (c) => {
  const body = await readJson(c, editMessageBodySchema, { maxBytes: MESSAGE_BODY_LIMIT });
  return c.json(
    await callSpace(c, "chats.messages.edit", {
      chatId: c.req.param("chatId"),
      messageId: c.req.param("messageId"),
      ...body,
    }),
  );
});
chatRoutes.delete("/chats/:chatId/messages/:messageId", requireDevice, async (c) => {
  const fromQuery = readQuery(c, deleteMessageQuerySchema).ifRevision;
  const fromBody = (await readJson(c, deleteMessageQuerySchema.strict(), { allowEmpty: true })).ifRevision;
  const ifRevision = fromQuery ?? fromBody;
  return c.json(
    await callSpace(c, "chats.messages.delete", {
      chatId: c.req.param("chatId"),
      messageId: c.req.param("messageId"),
      ...(ifRevision !== undefined ? { ifRevision } : {}),
    }),
  );
});

chatRoutes.post("/chats/:chatId/generate", requireDevice, async (c) => {
  const body = await readJson(c, generateBodySchema, { maxBytes: MESSAGE_BODY_LIMIT });
  return c.json(await callSpace(c, "chats.generate", { chatId: c.req.param("chatId"), ...body }), 202);
});
chatRoutes.get("/chats/:chatId/generations/:generationId", requireDevice, async (c) =>
  c.json(
    await callSpace(c, "chats.generations.get", {
      chatId: c.req.param("chatId"),
      generationId: c.req.param("generationId"),
    }),
  ),
);
chatRoutes.post("/chats/:chatId/generations/:generationId/stop", requireDevice, async (c) =>
  c.json(
    await callSpace(c, "chats.generations.stop", {
      chatId: c.req.param("chatId"),
      generationId: c.req.param("generationId"),
    }),
  ),
);

chatRoutes.get("/chats/:chatId/search", requireDevice, async (c) =>
  c.json(await callSpace(c, "chats.search", { chatId: c.req.param("chatId"), ...readQuery(c, searchQuerySchema) })),
);

chatRoutes.get("/chats/:chatId/export", requireDevice, async (c) => {
  const { fileName, stream } = await callSpace(c, "chats.export", { chatId: c.req.param("chatId") });
  return new Response(stream as ReadableStream, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "content-disposition": contentDisposition(fileName, { fallbackStem: "chat" }),
      "cache-control": "no-store",
    },
  });
});
