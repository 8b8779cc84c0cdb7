export type TrustProxy = { kind: "none" } | { kind: "fly" } | { kind: "hops"; hops: number };
export type ProxiedRequest = {
  get(name: string): string | undefined;
  ip?: string;
  socket?: { remoteAddress?: string };
};
export function parseTrustProxy(value: string | undefined): TrustProxy;
export function expressTrustProxy(setting: TrustProxy): number | false;
export function normalizeAddress(address: string | undefined): string;
export function clientAddress(req: ProxiedRequest, setting: TrustProxy): string;
export function requestOrigin(
  req: ProxiedRequest,
  setting: TrustProxy,
  encrypted?: boolean,
): { protocol: "http" | "https"; host: string | null };
export function addressKey(address: string | undefined): string;
