import type { RequestHandler, Request } from "express";
import type { Writable } from "node:stream";

export const DURATION_BUCKETS: number[];
export function logLine(fields: Record<string, unknown>, out?: Writable): void;
export function logError(context: string, error: unknown): void;
export function setRequestRoute(routeId: string, depth?: number): void;
export function setRequestRole(role: string): void;
export function markShuttingDown(): void;
export function isShuttingDown(): boolean;
export type SlowRequest = {
  time: string;
  route: string;
  method: string;
  status: number;
  durationMs: number;
};
export function slowRequests(): SlowRequest[];
export type RequestCounter = {
  route: string;
  method: string;
  statusClass: string;
  count: number;
  sum: number;
  buckets: number[];
};
export function requestCounters(): RequestCounter[];
export function accessLog(options?: {
  quiet?: boolean;
  out?: Writable;
  skip?: (req: Request) => boolean;
}): RequestHandler;
export function requestContext(): RequestHandler;
export function requestRoute(): string | null;
