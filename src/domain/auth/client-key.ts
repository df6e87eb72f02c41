/**
 * The rate-limit key of a client (docs/spec/hardening.md "Credential rate limits"): failed
 * credential attempts are counted per client address, so an outsider who knows a user id (it is in
 * every pairing link, ticket and token) can exhaust only their own allowance, never the owner's.
 *
 * The Worker reads `CF-Connecting-IP` (set by Cloudflare's edge; the client cannot forge it there)
 * and passes the key to the user's object. IPv4 addresses count one by one; IPv6 addresses count
 * per /64 (one subscriber usually holds a whole /64, so single addresses would be free to rotate).
 * Without the header (local `wrangler dev`, tests) every caller shares LOCAL_CLIENT_KEY.
 */

/** Header on the Worker → object socket upgrade carrying the client's key (set by the Worker only). */
export const CLIENT_KEY_HEADER = "x-te-client";

/** The key used when the request carries no `CF-Connecting-IP` (local development). */
export const LOCAL_CLIENT_KEY = "local";

/**
 * `ip:<ipv4>`, `ip6:<first four hextets>::/64`, or LOCAL_CLIENT_KEY for an absent or unparseable
 * header. Never throws.
 */
export function clientKey(connectingIp: string | null | undefined): string {
  const text = (connectingIp ?? "").trim();
  if (text === "") return LOCAL_CLIENT_KEY;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) return `ip:${text}`;
  const hextets = expandIpv6(text);
  if (!hextets) return LOCAL_CLIENT_KEY;
  // An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is the IPv4 client.
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    const a = hextets[6]!;
    const b = hextets[7]!;
    return `ip:${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return `ip6:${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (zone ids and embedded IPv4 handled), or null. */
function expandIpv6(text: string): number[] | null {
  let address = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const parts = v4.slice(1).map(Number);
    if (parts.some((p) => p > 255)) return null;
    address = `${address.slice(0, v4.index)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const split = (part: string) => (part === "" ? [] : part.split(":"));
  const head = split(halves[0]!);
  const tail = halves.length === 2 ? split(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => "0"), ...tail];
  if (!groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}
