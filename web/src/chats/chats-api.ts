/**
 * The chat routes the web client calls (docs/api.md "Chats"), over the shell's ApiClient.
 * Errors are ApiError with the server's dotted code (e.g. `chat.revision_conflict` 409 with
 * `details.current`, `chat.not_found` 404, `chat.title_invalid`).
 */
import type { ApiClient } from "../api/client";
import type {
  Chat,
  ChatDetail,
  ChatMessage,
  ChatPage,
  GenerationType,
  GenerationView,
  MessageWindow,
  NewChat,
  Persona,
  SettingsView,
} from "./types";

const chatPath = (chatId: string) => `/chats/${encodeURIComponent(chatId)}`;
const messagePath = (chatId: string, messageId: string) =>
  `${chatPath(chatId)}/messages/${encodeURIComponent(messageId)}`;

export interface ChatsApi {
  list(cursor?: string, limit?: number): Promise<ChatPage>;
  create(body: NewChat): Promise<Chat>;
  /** The chat plus `activeGeneration: {generationId, status} | null`. */
  get(chatId: string): Promise<ChatDetail>;
  rename(chatId: string, title: string): Promise<Chat>;
  remove(chatId: string): Promise<{ id: string; deleted: true }>;
  duplicate(chatId: string): Promise<Chat>;
  /** The last `limit` messages (fromEnd), or the `limit` just before `beforeMessageId`. */
  messages(
    chatId: string,
    options: { limit: number; beforeMessageId?: string; offset?: number; fromEnd?: boolean },
  ): Promise<MessageWindow>;
  append(chatId: string, body: { role: "user"; text: string; name?: string }): Promise<ChatMessage>;
  edit(chatId: string, messageId: string, text: string, ifRevision: number): Promise<ChatMessage>;
  removeMessage(
    chatId: string,
    messageId: string,
    ifRevision: number,
  ): Promise<{ messageId: string; deleted: true; chatRevision: number }>;
  /** `PATCH …/messages/:id {swipeId, ifRevision}`: selects an existing swipe (`chat.swipe_not_found`). */
  selectSwipe(chatId: string, messageId: string, swipeId: number, ifRevision: number): Promise<ChatMessage>;
  /** `PATCH …/messages/:id {extra, ifRevision}` (e.g. dismissing the "may have executed" notice). */
  editExtra(
    chatId: string,
    messageId: string,
    extra: Record<string, unknown>,
    ifRevision: number,
  ): Promise<ChatMessage>;
  /** `POST …/generate` → 202 `{generationId}` (docs/api.md "Chat generation"). */
  generate(
    chatId: string,
    body: { generationType: GenerationType; userMessage?: { text: string } },
  ): Promise<{ generationId: string }>;
  generation(chatId: string, generationId: string): Promise<GenerationView>;
  stop(chatId: string, generationId: string): Promise<{ generationId: string; status: string }>;
  /** `PATCH /chats/:id {persona}`; null = the user's persona applies. */
  setPersona(chatId: string, persona: Persona | null): Promise<Chat>;
  settings(): Promise<SettingsView>;
  /** `PATCH /settings {persona}`. */
  setUserPersona(persona: Persona | null): Promise<SettingsView>;
}

export function chatsApi(api: ApiClient): ChatsApi {
  return {
    list: (cursor, limit = 20) =>
      api.get(`/chats?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
    create: (body) => api.post("/chats", body),
    get: (chatId) => api.get(chatPath(chatId)),
    rename: (chatId, title) => api.patch(chatPath(chatId), { title }),
    remove: (chatId) => api.del(chatPath(chatId)),
    duplicate: (chatId) => api.post(`${chatPath(chatId)}/duplicate`, {}),
    messages: (chatId, { limit, beforeMessageId, offset, fromEnd }) => {
      const query = new URLSearchParams({ limit: String(limit) });
      if (beforeMessageId) query.set("beforeMessageId", beforeMessageId);
      else query.set("fromEnd", String(fromEnd ?? true));
      if (offset !== undefined) query.set("offset", String(offset));
      return api.get(`${chatPath(chatId)}/messages?${query}`);
    },
    append: (chatId, body) => api.post(`${chatPath(chatId)}/messages`, body),
    edit: (chatId, messageId, text, ifRevision) => api.patch(messagePath(chatId, messageId), { text, ifRevision }),
    removeMessage: (chatId, messageId, ifRevision) =>
      api.del(`${messagePath(chatId, messageId)}?ifRevision=${ifRevision}`),
    selectSwipe: (chatId, messageId, swipeId, ifRevision) =>
      api.patch(messagePath(chatId, messageId), { swipeId, ifRevision }),
    editExtra: (chatId, messageId, extra, ifRevision) =>
      api.patch(messagePath(chatId, messageId), { extra, ifRevision }),
    generate: (chatId, body) => api.post(`${chatPath(chatId)}/generate`, body),
    generation: (chatId, generationId) =>
      api.get(`${chatPath(chatId)}/generations/${encodeURIComponent(generationId)}`),
    stop: (chatId, generationId) =>
      api.post(`${chatPath(chatId)}/generations/${encodeURIComponent(generationId)}/stop`, {}),
    setPersona: (chatId, persona) => api.patch(chatPath(chatId), { persona }),
    settings: () => api.get("/settings"),
    setUserPersona: (persona) => api.patch("/settings", { persona }),
  };
}
