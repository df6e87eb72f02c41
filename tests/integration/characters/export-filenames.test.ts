/**
 * Character export file names (docs/api.md "Characters and World Info"): the V3 JSON, the V2 JSON
 * and the PNG of one character download under three different names, and a Chinese name arrives
 * intact through RFC 8187 `filename*` with a readable ASCII fallback.
 */
import { describe, expect, it } from "vitest";
import { api, apiJson, createUser } from "../helpers";

async function dispositionOf(token: string, id: string, query: string): Promise<string> {
  const response = await api(`/api/v1/characters/${id}/export?${query}`, { token });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return response.headers.get("content-disposition") ?? "";
}

/** The name a browser saves under: `filename*` when present, else `filename`. */
function savedName(disposition: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]!);
  return /filename="([^"]*)"/.exec(disposition)?.[1] ?? "";
}

describe("character export file names", () => {
  it("V3 JSON, V2 JSON and PNG get distinct names", async () => {
    const { deviceToken: token } = await createUser();
    const character = await apiJson("/api/v1/characters", {
      token,
      body: { data: { name: "Seraphina" } },
      expectStatus: 201,
    });
    const names = [
      savedName(await dispositionOf(token, character.id, "format=json")),
      savedName(await dispositionOf(token, character.id, "format=json&spec=v2")),
      savedName(await dispositionOf(token, character.id, "format=png")),
    ];
    expect(names).toEqual(["Seraphina.json", "Seraphina.v2.json", "Seraphina.png"]);
  });

  it("a Chinese name survives in filename*, and the ASCII fallback is still a usable name", async () => {
    const { deviceToken: token } = await createUser();
    const name = "艾莉丝 (Alice)'s 卡";
    const character = await apiJson("/api/v1/characters", { token, body: { data: { name } }, expectStatus: 201 });
    const v2 = await dispositionOf(token, character.id, "format=json&spec=v2");
    expect(v2.startsWith("attachment; ")).toBe(true);
    expect(savedName(v2)).toBe(`${name}.v2.json`);
    // RFC 8187 value-chars: `'`, `(` and `)` are percent-encoded too.
    expect(v2).toContain("filename*=UTF-8''%E8%89%BE%E8%8E%89%E4%B8%9D%20%28Alice%29%27s%20%E5%8D%A1.v2.json");
    expect(v2).toContain('filename="(Alice)\'s .v2.json"');

    const onlyChinese = await apiJson("/api/v1/characters", {
      token,
      body: { data: { name: "艾莉丝" } },
      expectStatus: 201,
    });
    const v3 = await dispositionOf(token, onlyChinese.id, "format=json");
    expect(v3).toContain('filename="character.json"');
    expect(savedName(v3)).toBe("艾莉丝.json");
  });
});
