import { describe, expect, test } from "vitest";
import {
  addressKey,
  clientAddress,
  normalizeAddress,
  parseTrustProxy,
  requestOrigin,
  type ProxiedRequest,
} from "./client-ip";

function req(headers: Record<string, string>, socket = "::ffff:203.0.113.9", ip?: string) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    get: (name: string) => lower[name.toLowerCase()],
    socket: { remoteAddress: socket },
    ip: ip ?? socket,
  } satisfies ProxiedRequest;
}

describe("TRUST_PROXY", () => {
  test("unset means no proxy; fly and hop counts are explicit; anything else is refused", () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: "none" });
    expect(parseTrustProxy("false")).toEqual({ kind: "none" });
    expect(parseTrustProxy("fly")).toEqual({ kind: "fly" });
    expect(parseTrustProxy("2")).toEqual({ kind: "hops", hops: 2 });
    expect(() => parseTrustProxy("true")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("10.0.0.0/8")).toThrow(/TRUST_PROXY/);
  });
});

describe("the client's address", () => {
  const spoofed = { "X-Forwarded-For": "198.51.100.7", "Fly-Client-IP": "198.51.100.8" };
  test("without a trusted proxy, forwarded headers are ignored", () => {
    for (let i = 0; i < 5; i++)
      expect(
        clientAddress(req({ "X-Forwarded-For": `10.0.0.${i}` }), parseTrustProxy(undefined)),
      ).toBe("203.0.113.9");
    expect(clientAddress(req(spoofed), { kind: "none" })).toBe("203.0.113.9");
  });
  test("on Fly, Fly-Client-IP counts and X-Forwarded-For does not", () => {
    expect(clientAddress(req(spoofed), { kind: "fly" })).toBe("198.51.100.8");
    expect(clientAddress(req({ "X-Forwarded-For": "198.51.100.7" }), { kind: "fly" })).toBe(
      "203.0.113.9",
    );
    expect(clientAddress(req({ "Fly-Client-IP": "not an ip" }), { kind: "fly" })).toBe(
      "203.0.113.9",
    );
  });
  test("with a hop count, Express's reading of X-Forwarded-For (req.ip) counts", () => {
    expect(clientAddress(req(spoofed, "10.0.0.1", "198.51.100.7"), { kind: "hops", hops: 1 })).toBe(
      "198.51.100.7",
    );
  });
  test("addresses are normalised; an IPv6 /64 is one key", () => {
    expect(normalizeAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeAddress("nonsense")).toBe("unknown");
    expect(addressKey("192.0.2.1")).toBe("192.0.2.1");
    expect(addressKey("2001:db8:1:2::5")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:DB8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("the request's origin", () => {
  test("X-Forwarded-Host and -Proto count only behind a trusted proxy", () => {
    const r = req({
      Host: "inkwell.test",
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
    });
    expect(requestOrigin(r, { kind: "none" })).toEqual({ protocol: "http", host: "inkwell.test" });
    expect(requestOrigin(r, { kind: "fly" })).toEqual({ protocol: "https", host: "inkwell.test" });
    expect(requestOrigin(r, { kind: "hops", hops: 1 })).toEqual({
      protocol: "https",
      host: "evil.example",
    });
  });
  test("a Host header that is not a host name is refused", () => {
    for (const host of ["evil.example/path", "a@b", "x y", "", "exa mple.com:80"])
      expect(requestOrigin(req({ Host: host }), { kind: "none" }).host).toBeNull();
    expect(requestOrigin(req({ Host: "localhost:3000" }), { kind: "none" }).host).toBe(
      "localhost:3000",
    );
    expect(requestOrigin(req({ Host: "[::1]:3000" }), { kind: "none" }).host).toBe("[::1]:3000");
  });
});
