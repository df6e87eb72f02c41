import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatDeviceToken, parseDeviceToken, parseRoutedSecret } from "../../../src/domain/auth/credentials";
import { randomSecret, timingSafeEqualText } from "../../../src/domain/ids";
import { VERSION } from "../../../src/version";
import { allowedMethods } from "../../../src/http/method-table";
import { errorStatus as statusForCode } from "../../../src/domain/errors";

describe("credential formats", () => {
  const userId = "0123456789abcdef0123456789abcdef";
  it("round-trips a device token whose secret contains underscores", () => {
    const secret = "ab_cd-ef_" + "x".repeat(34);
    expect(parseDeviceToken(formatDeviceToken(userId, secret))).toEqual({ userId, secret });
  });
  it.each([
    "",
    "tte_",
    `tte_${userId}`,
    `tte_${userId}_short`,
    `tte_${userId.toUpperCase()}_${"a".repeat(43)}`,
    `xxx_${userId}_${"a".repeat(43)}`,
  ])("rejects %j", (token) => {
    expect(parseDeviceToken(token)).toBeNull();
  });
  it("parses routed secrets only with a valid user id", () => {
    expect(parseRoutedSecret(`${userId}.${"a".repeat(22)}`)).toEqual({ userId, secret: "a".repeat(22) });
    expect(parseRoutedSecret(`nothex.${"a".repeat(22)}`)).toBeNull();
    expect(parseRoutedSecret(userId)).toBeNull();
  });
  it("secrets carry at least 128 bits", () => {
    expect(randomSecret(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomSecret()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomSecret()).not.toBe(randomSecret());
  });
  it("timing-safe equality", () => {
    expect(timingSafeEqualText("abc", "abc")).toBe(true);
    expect(timingSafeEqualText("abc", "abd")).toBe(false);
    expect(timingSafeEqualText("abc", "abcd")).toBe(false);
  });
});

describe("http tables", () => {
  it("health version equals package.json", () => {
    expect(VERSION).toBe(JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")).version);
  });
  it("maps base codes to their statuses", () => {
    expect(statusForCode("auth.rate_limited")).toBe(429);
    expect(statusForCode("http.body_too_large")).toBe(413);
    expect(statusForCode("mcp.registration_conflict")).toBe(409);
    expect(statusForCode("chat.not_found")).toBe(404);
    expect(statusForCode("mcp.endpoint_invalid")).toBe(400);
  });
  it("finds the methods of a path for 405", () => {
    const routes = [
      { method: "GET", path: "/api/v1/x/:id" },
      { method: "PUT", path: "/api/v1/x/:id" },
      { method: "ALL", path: "/api/*" },
    ];
    expect(allowedMethods(routes, "/api/v1/x/42")).toEqual(["GET", "PUT"]);
    expect(allowedMethods(routes, "/api/v1/y")).toEqual([]);
    const files = [{ method: "GET", path: "/api/v1/runs/:runId/workspace/:path{.+}" }];
    expect(allowedMethods(files, "/api/v1/runs/r1/workspace/output/main.md")).toEqual(["GET"]);
  });
});
