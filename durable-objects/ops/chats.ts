/**
 * Chat operations (issue [chats]; docs/spec/chats.md). Inputs were validated by the
 * route's zod contract. `chats.import` receives the upload as a byte stream over RPC and
 * `chats.export` returns one (ADR 0401); neither holds a whole file in memory.
 */
import { activeGeneration } from "../../src/application/generation/control";
import { chatGenerationDeps } from "../../src/composition/chat-generation";
import { createChatWithCharacter, updateChatCharacter } from "../../src/application/characters/chat-with-character";
import { linkImportedChat } from "../../src/application/characters/link-imported-chat";
import { libraryDeps } from "../../src/composition/characters";
import { chatServices } from "../../src/composition/chats";
import { defineOps } from "./registry";

export const chatOps = defineOps({
  "chats.create": (space, input) => createChatWithCharacter(libraryDeps(space), input),
  "chats.list": (space, input) => chatServices(space).listChats(input),
  "chats.get": (space, input) => ({
    ...chatServices(space).getChat(input.chatId),
    activeGeneration: activeGeneration(chatGenerationDeps(space), input.chatId),
  }),
  "chats.update": (space, input) => {
    const { chatId, ...patch } = input;
    return updateChatCharacter(libraryDeps(space), chatId, patch);
  },
  "chats.delete": (space, input) => chatServices(space).deleteChat(input.chatId),
  "chats.duplicate": (space, input) => chatServices(space).duplicateChat(input.chatId, input.title),
  "chats.messages.read": (space, input) => {
    const { chatId, ...query } = input;
    return chatServices(space).readMessages(chatId, query);
  },
  "chats.messages.get": (space, input) => chatServices(space).getMessage(input.chatId, input.messageId),
  "chats.messages.append": (space, input) => {
    const { chatId, ...message } = input;
    return chatServices(space).appendMessage(chatId, message);
  },
  "chats.messages.edit": (space, input) => {
    const { chatId, messageId, ...edit } = input;
    return chatServices(space).editMessage(chatId, messageId, edit);
  },
  "chats.messages.delete": (space, input) =>
    chatServices(space).deleteMessage(input.chatId, input.messageId, input.ifRevision),
  "chats.search": (space, input) => {
    const { chatId, ...options } = input;
    return chatServices(space).search(chatId, options);
  },
  "chats.import": async (space, input) =>
    linkImportedChat(
      libraryDeps(space),
      await chatServices(space).importChat(input.body, input.title !== undefined ? { title: input.title } : {}),
    ),
  "chats.export": (space, input: { chatId: string }) => chatServices(space).exportChat(input.chatId),
});
