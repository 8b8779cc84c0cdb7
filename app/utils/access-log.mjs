// The access log: morgan's "tiny" line with one-time tokens in paths redacted
// (docs/decisions/0025-accounts-and-tokens.md).
import morgan from "morgan";
import { redactTokens } from "./redact-tokens.mjs";

morgan.token("redacted-url", (req) => redactTokens(req.originalUrl ?? req.url));

export function accessLog(options = {}) {
  return morgan(":method :redacted-url :status :res[content-length] - :response-time ms", options);
}
