/** The Runs screen: `/runs` lists runs (optionally of one chat: `?chat=<stableChatId>`), `/runs/<runId>` is one run. */
import { usePath } from "../shell/router";
import { RunList } from "./RunList";
import { RunPage } from "./RunPage";
import "../components/fields.css";
import "./runs.css";
import "./timeline/timeline.css";

/** The run id of a `/runs/<id>` path, or null. */
export function runIdOfPath(path: string): string | null {
  const match = /^\/runs\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

export function RunsScreen() {
  const path = usePath();
  const runId = runIdOfPath(path);
  if (runId) return <RunPage key={runId} runId={runId} />;
  const chatId = new URLSearchParams(window.location.search).get("chat");
  return <RunList key={chatId ?? ""} chatId={chatId} />;
}
