/** Rate-limit keys from CF-Connecting-IP (src/domain/auth/client-key.ts; issue 30 item 4). */
import { describe, expect, it } from "vitest";
import { LOCAL_CLIENT_KEY, clientKey } from "../../../src/domain/auth/client-key";

describe("clientKey", () => {
  it("keeps IPv4 addresses whole", () => {
    expect(clientKey("203.0.113.9")).toBe("ip:203.0.113.9");
    expect(clientKey(" 203.0.113.9 ")).toBe("ip:203.0.113.9");
  });

  it("groups IPv6 addresses by /64, whatever their spelling", () => {
    const a = clientKey("2001:db8:1:2::1");
    expect(a).toBe("ip6:2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(a);
    expect(clientKey("[2001:db8:1:2::abcd]")).toBe(a);
    expect(clientKey("fe80::1%eth0")).toBe("ip6:fe80:0:0:0::/64");
    expect(clientKey("2001:db8:1:3::1")).not.toBe(a);
    expect(clientKey("::1")).toBe("ip6:0:0:0:0::/64");
  });

  it("treats an IPv4-mapped IPv6 address as the IPv4 client", () => {
    expect(clientKey("::ffff:203.0.113.9")).toBe("ip:203.0.113.9");
  });

  it("falls back to the local key without a usable header", () => {
    expect(clientKey(undefined)).toBe(LOCAL_CLIENT_KEY);
    expect(clientKey("")).toBe(LOCAL_CLIENT_KEY);
    expect(clientKey("not an address")).toBe(LOCAL_CLIENT_KEY);
    expect(clientKey("1:2:3")).toBe(LOCAL_CLIENT_KEY);
    expect(clientKey("1::2::3")).toBe(LOCAL_CLIENT_KEY);
  });
});
