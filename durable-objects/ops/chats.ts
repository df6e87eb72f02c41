/**
 * Chat operations (issue [chats]; docs/spec/chats.md). Inputs were validated by the
 * route's zod contract. `chats.import` receives the upload as a byte stream over RPC and
 * `chats.export` returns one (ADR 0401); neither holds a whole file in memory.
 */
import type { AppendMessageInput, EditMessageInput } from "../../src/application/chats/chat-messages";
import type { SearchOptions } from "../../src/application/chats/chat-search";
import type { CreateChatInput, UpdateChatInput } from "../../src/application/chats/chat-catalog";
import type { WindowQuery } from "../../src/application/chats/chat-reads";
import { activeGeneration } from "../../src/application/generation/control";
import { chatGenerationDeps } from "../../src/composition/chat-generation";
import { chatServices } from "../../src/composition/chats";
import { defineOps } from "./registry";

export const chatOps = defineOps({
  "chats.create": (space, input: CreateChatInput) => chatServices(space).createChat(input),
  "chats.list": (space, input: { cursor?: string; limit?: number }) => chatServices(space).listChats(input),
  "chats.get": (space, input: { chatId: string }) => ({
    ...chatServices(space).getChat(input.chatId),
    activeGeneration: activeGeneration(chatGenerationDeps(space), input.chatId),
  }),
  "chats.update": (space, input: { chatId: string } & UpdateChatInput) => {
    const { chatId, ...patch } = input;
    return chatServices(space).updateChat(chatId, patch);
  },
  "chats.delete": (space, input: { chatId: string }) => chatServices(space).deleteChat(input.chatId),
  "chats.duplicate": (space, input: { chatId: string; title?: string }) =>
    chatServices(space).duplicateChat(input.chatId, input.title),
  "chats.messages.read": (space, input: { chatId: string } & WindowQuery) => {
    const { chatId, ...query } = input;
    return chatServices(space).readMessages(chatId, query);
  },
  "chats.messages.get": (space, input: { chatId: string; messageId: string }) =>
    chatServices(space).getMessage(input.chatId, input.messageId),
  "chats.messages.append": (space, input: { chatId: string } & AppendMessageInput) => {
    const { chatId, ...message } = input;
    return chatServices(space).appendMessage(chatId, message);
  },
  "chats.messages.edit": (space, input: { chatId: string; messageId: string } & EditMessageInput) => {
    const { chatId, messageId, ...edit } = input;
    return chatServices(space).editMessage(chatId, messageId, edit);
  },
  "chats.messages.delete": (space, input: { chatId: string; messageId: string; ifRevision?: number }) =>
    chatServices(space).deleteMessage(input.chatId, input.messageId, input.ifRevision),
  "chats.search": (space, input: { chatId: string } & SearchOptions) => {
    const { chatId, ...options } = input;
    return chatServices(space).search(chatId, options);
  },
  "chats.import": (space, input: { body: ReadableStream<Uint8Array>; title?: string }) =>
    chatServices(space).importChat(input.body, input.title !== undefined ? { title: input.title } : {}),
  "chats.export": (space, input: { chatId: string }) => chatServices(space).exportChat(input.chatId),
});
