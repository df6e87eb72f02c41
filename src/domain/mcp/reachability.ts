/**
 * Hosted rule (docs/spec/hosted.md §2, §5): a deployed Worker cannot reach loopback,
 * private or local-network hosts, so adding or activating such an endpoint returns the
 * registration with the warning `mcp.endpoint_unreachable_when_deployed` (never an error).
 * Under `wrangler dev` the same endpoints work and no warning is given.
 */
import type { ErrorCode } from "../errors";

/** Warning code (hosted contract extension, docs/api.md). */
export const ENDPOINT_UNREACHABLE_WARNING: ErrorCode = "mcp.endpoint_unreachable_when_deployed";

/** A non-fatal note attached to a returned registration. */
export interface RegistrationWarning {
  code: ErrorCode;
  message: string;
}

const LOCAL_SUFFIXES = [".local", ".localhost", ".internal", ".lan", ".home.arpa"];

/**
 * True when `host` (a URL hostname: lowercase, IPv6 in brackets) is loopback, private, link-local,
 * unspecified, CGNAT, a `.local`-style name or a single-label name (no dot).
 */
export function isPrivateNetworkHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name.startsWith("[")) return isPrivateIpv6(name.slice(1, -1));
  const v4 = name.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) return isPrivateIpv4(v4.slice(1).map(Number) as [number, number, number, number]);
  if (name === "localhost" || !name.includes(".")) return true;
  return LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

function isPrivateIpv4([a, b]: [number, number, number, number]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

function isPrivateIpv6(address: string): boolean {
  if (address === "::" || address === "::1") return true;
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return isPrivateIpv4(mapped[1]!.split(".").map(Number) as [number, number, number, number]);
  const hexMapped = address.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1]!, 16);
    return isPrivateIpv4([hi >> 8, hi & 255, 0, 0]);
  }
  const first = parseInt(address.split(":")[0] || "0", 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
}

/** The warning for `host` when deployed, or null (development, or a public host). */
export function unreachableWarning(host: string, development: boolean): RegistrationWarning | null {
  if (development || !isPrivateNetworkHost(host)) return null;
  return {
    code: ENDPOINT_UNREACHABLE_WARNING,
    message: `The endpoint host ${host} is on a loopback, private or local network. This server runs on Cloudflare and cannot reach it; use a public address (for example through a tunnel).`,
  };
}
