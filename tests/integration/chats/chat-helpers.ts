/** Helpers of the chat integration tests. */
import { api, apiJson } from "../helpers";

/** Creates a chat and returns it. */
export async function createChat(token: string, body: Record<string, unknown> = { title: "Test chat" }): Promise<any> {
  return apiJson("/api/v1/chats", { token, body, expectStatus: 201 });
}

/** Appends messages `texts` (alternating user / assistant) and returns them. */
export async function appendMany(token: string, chatId: string, texts: string[]): Promise<any[]> {
  const out = [];
  for (const [i, text] of texts.entries()) {
    out.push(
      await apiJson(`/api/v1/chats/${chatId}/messages`, {
        token,
        body: { role: i % 2 === 0 ? "user" : "assistant", text },
        expectStatus: 201,
      }),
    );
  }
  return out;
}

/** Posts a JSONL body to the import route. */
export function importJsonl(
  token: string,
  body: string | ReadableStream<Uint8Array>,
  contentType = "application/x-ndjson",
  query = "",
): Promise<Response> {
  return api(`/api/v1/chats/import${query}`, {
    token,
    method: "POST",
    body: body as string,
    headers: { "content-type": contentType },
  });
}
