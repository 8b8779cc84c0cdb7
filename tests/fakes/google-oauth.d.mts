import type http from "node:http";
export function startFakeGoogle(opts?: {
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<{ server: http.Server; port: number }>;
