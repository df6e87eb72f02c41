/**
 * Chat generation operations (issue [chat-generation]; docs/spec/generation.md): start, read,
 * stop. Inputs were validated by the route's zod contract.
 */
import { getGeneration, stopGeneration } from "../../src/application/generation/control";
import { startGeneration, type StartGenerationInput } from "../../src/application/generation/start";
import { chatGenerationDeps } from "../../src/composition/chat-generation";
import { defineOps } from "./registry";

export const chatGenerationOps = defineOps({
  "chats.generate": (space, input: StartGenerationInput) => startGeneration(chatGenerationDeps(space), input),
  "chats.generations.get": (space, input: { chatId: string; generationId: string }) =>
    getGeneration(chatGenerationDeps(space), input.chatId, input.generationId),
  "chats.generations.stop": (space, input: { chatId: string; generationId: string }) =>
    stopGeneration(chatGenerationDeps(space), input.chatId, input.generationId),
});
