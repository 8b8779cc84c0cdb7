import type http from "node:http";
export type CapturedMessage = {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  createdAt: string;
};
export function startFakeResend(opts?: {
  port?: number;
  apiKey?: string;
}): Promise<{ server: http.Server; port: number; messages: CapturedMessage[] }>;
