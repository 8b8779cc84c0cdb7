// Who is asking, and which forwarded headers may say so (docs/decisions/0010-hardening.md).
// The server (server/) and the app share this one reading of TRUST_PROXY.
import net from "node:net";

export type TrustProxy = { kind: "none" } | { kind: "fly" } | { kind: "hops"; hops: number };
/** What these functions read of a request: Express's, or a test's stand-in. */
export type ProxiedRequest = {
  get(name: string): string | undefined;
  ip?: string;
  socket?: { remoteAddress?: string };
};

/**
 * TRUST_PROXY, parsed:
 *   unset, "false", "0" — no proxy is trusted: the client is the socket's address and
 *                          X-Forwarded-* headers are ignored (anyone can send them).
 *   "fly"               — Fly.io's proxy: the client is `Fly-Client-IP`, the scheme `X-Forwarded-Proto`.
 *   "1".."9"            — that many proxies in front, each appending to `X-Forwarded-For`; their
 *                          `X-Forwarded-Proto` and `X-Forwarded-Host` are believed too.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "" || v === "false" || v === "0" || v === "none") return { kind: "none" };
  if (v === "fly") return { kind: "fly" };
  if (/^[1-9]$/.test(v)) return { kind: "hops", hops: Number(v) };
  throw new Error(
    `TRUST_PROXY must be "false", "fly" or the number of proxies in front (1-9), not "${value}"`,
  );
}

/** The value for Express's "trust proxy" setting: a hop count, or false. */
export function expressTrustProxy(setting: TrustProxy): number | false {
  return setting.kind === "hops" ? setting.hops : false;
}

/** "::ffff:1.2.3.4" → "1.2.3.4"; anything that is not an IP address → "unknown". */
export function normalizeAddress(address: string | undefined): string {
  if (typeof address !== "string") return "unknown";
  let a = address.trim();
  if (a.startsWith("[") && a.endsWith("]")) a = a.slice(1, -1);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) a = mapped[1];
  return net.isIP(a) ? a.toLowerCase() : "unknown";
}

function firstValue(header: string | undefined) {
  return typeof header === "string" ? header.split(",")[0].trim() : undefined;
}

/**
 * The client's address for this request under the setting.
 */
export function clientAddress(req: ProxiedRequest, setting: TrustProxy): string {
  const socket = req.socket?.remoteAddress;
  if (setting.kind === "fly") {
    const fly = normalizeAddress(firstValue(req.get("fly-client-ip")));
    return fly !== "unknown" ? fly : normalizeAddress(socket);
  }
  // With a hop count Express reads X-Forwarded-For that many hops deep; otherwise req.ip is the socket.
  return normalizeAddress(setting.kind === "hops" ? req.ip : socket);
}

const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The scheme and host the client used, believing forwarded headers only as configured. The host
 * is null when it is not a plain host[:port] (a Host header is the client's to write).
 */
export function requestOrigin(
  req: ProxiedRequest,
  setting: TrustProxy,
  encrypted = false,
): { protocol: "http" | "https"; host: string | null } {
  let protocol: "http" | "https" = encrypted ? "https" : "http";
  if (setting.kind !== "none") {
    const proto = firstValue(req.get("x-forwarded-proto"))?.toLowerCase();
    if (proto === "http" || proto === "https") protocol = proto;
  }
  const forwardedHost =
    setting.kind === "hops" ? firstValue(req.get("x-forwarded-host")) : undefined;
  const host = forwardedHost || req.get("host") || "";
  return { protocol, host: HOST.test(host) ? host.toLowerCase() : null };
}

/** Expands an IPv6 address to its eight groups. */
function ipv6Groups(address: string) {
  const [head, tail] = address.split("::");
  const parse = (s: string | undefined) => (s ? s.split(":") : []);
  let headGroups = parse(head);
  let tailGroups = tail === undefined ? [] : parse(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4 style) counts as two groups.
  const fix = (groups: string[]) =>
    groups.flatMap((g) => {
      if (!g.includes(".")) return [g];
      const [a, b, c, d] = g.split(".").map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  headGroups = fix(headGroups);
  tailGroups = fix(tailGroups);
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array(missing).fill("0"), ...tailGroups].map((g) =>
    parseInt(g || "0", 16).toString(16),
  );
}

/**
 * The key a per-address limit counts under: the IPv4 address, or the /64 an IPv6 address belongs to
 * (one subscriber usually holds a whole /64 and could rotate through it).
 */
export function addressKey(address: string | undefined): string {
  const a = normalizeAddress(address);
  if (net.isIPv6(a)) return `${ipv6Groups(a).slice(0, 4).join(":")}::/64`;
  return a;
}
