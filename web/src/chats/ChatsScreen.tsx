/**
 * The Chats screen (issue [chats] web view): `/chats` is the list (create, import, rename,
 * duplicate, export, delete); `/chats/<chatId>` is one chat (messages, composer, "Run agent").
 */
import { usePath } from "../shell/router";
import { ChatList } from "./ChatList";
import { ChatPage } from "./ChatPage";
import "../components/fields.css";
import "../components/rows.css";
import "./chats.css";

/** The chat id of a `/chats/<id>` path, or null for the list. */
export function chatIdOfPath(path: string): string | null {
  const match = /^\/chats\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

export function ChatsScreen() {
  const chatId = chatIdOfPath(usePath());
  return chatId ? <ChatPage key={chatId} chatId={chatId} /> : <ChatList />;
}
