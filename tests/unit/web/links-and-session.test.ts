/** Pure helpers of the web client: fragment links, the token shape check, backoff, device names. */
import { describe, expect, it } from "vitest";
import { pairingLink, parseHashLink } from "../../../web/src/session/hash-link";
import { guessDeviceName } from "../../../web/src/session/device-name";
import { clearSession, loadSession, saveSession, userIdOfToken } from "../../../web/src/session/session-store";
import { reconnectDelay } from "../../../web/src/socket/backoff";

class MemoryStorage {
  private map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

const USER = "0123456789abcdef0123456789abcdef";

describe("fragment links", () => {
  it("parses #setup= and #pair= and ignores anything else", () => {
    expect(parseHashLink("#setup=abc")).toEqual({ kind: "setup", setupToken: "abc" });
    const link = pairingLink("https://edge.example", `${USER}.s3cr-t_x`);
    expect(link).toBe(`https://edge.example/#pair=${USER}.s3cr-t_x`);
    expect(parseHashLink(new URL(link).hash)).toEqual({ kind: "pair", code: `${USER}.s3cr-t_x` });
    expect(parseHashLink("")).toBeNull();
    expect(parseHashLink("#/devices")).toBeNull();
    expect(parseHashLink("#setup=")).toBeNull();
  });
});

describe("session store", () => {
  it("recognises device tokens by shape", () => {
    expect(userIdOfToken(`tte_${USER}_abcdefghijklmnopqrstuv`)).toBe(USER);
    expect(userIdOfToken(`  tte_${USER}_abcdefghijklmnopqrstuv  `)).toBe(USER);
    expect(userIdOfToken("tte_nothex_abcdefghijklmnopqrstuv")).toBeNull();
    expect(userIdOfToken(`${USER}.abcdefghijklmnopqrstuv`)).toBeNull();
  });

  it("round-trips the session and rejects a damaged entry", () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const session = { userId: USER, deviceId: "dev_1", deviceToken: `tte_${USER}_abcdefghijklmnopqrstuv` };
    saveSession(session, storage);
    expect(loadSession(storage)).toEqual(session);
    storage.setItem("tavernedge.session.v1", "{not json");
    expect(loadSession(storage)).toBeNull();
    storage.setItem("tavernedge.session.v1", JSON.stringify({ userId: USER }));
    expect(loadSession(storage)).toBeNull();
    clearSession(storage);
    expect(loadSession(storage)).toBeNull();
  });
});

describe("reconnectDelay", () => {
  it("grows exponentially to the cap with half of each delay random", () => {
    const options = { baseMs: 500, maxMs: 10_000 };
    expect([0, 1, 2, 3, 4, 5, 10].map((a) => reconnectDelay(a, () => 0, options))).toEqual([
      250, 500, 1000, 2000, 4000, 5000, 5000,
    ]);
    expect(reconnectDelay(0, () => 0.999999, options)).toBe(500);
    expect(reconnectDelay(99, () => 0.5, options)).toBe(7500);
  });
});

describe("guessDeviceName", () => {
  it("names common browsers", () => {
    expect(
      guessDeviceName(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome on Android");
    expect(
      guessDeviceName(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(guessDeviceName("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe(
      "Firefox on Windows",
    );
    expect(guessDeviceName("curl/8")).toBe("Browser");
  });
});
