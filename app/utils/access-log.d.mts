import type { RequestHandler } from "express";
import type { Options } from "morgan";
import type { IncomingMessage, ServerResponse } from "node:http";

export function accessLog(options?: Options<IncomingMessage, ServerResponse>): RequestHandler;
