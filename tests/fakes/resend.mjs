// A local stand-in for Resend's HTTP API (POST /emails), capturing messages for tests.
//   POST /emails          Bearer key required; a recipient containing "bounce" gets a 422 error
//   GET  /__messages      captured messages (?to= filters), newest last
//   DELETE /__messages    clears them
import { randomUUID } from "node:crypto";
import http from "node:http";

export function startFakeResend({ port = 0, apiKey = "re_test_key" } = {}) {
  const messages = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, "http://localhost");
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const json = (status, value) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (req.method === "POST" && url.pathname === "/emails") {
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return json(401, {
          statusCode: 401,
          name: "validation_error",
          message: "API key is invalid",
        });
      const body = JSON.parse(raw || "{}");
      const to = Array.isArray(body.to) ? body.to : [body.to];
      if (!body.from || !to[0] || !body.subject)
        return json(422, {
          statusCode: 422,
          name: "missing_required_field",
          message: "Missing `to`, `from` or `subject` field.",
        });
      if (to.some((t) => String(t).includes("bounce")))
        return json(422, {
          statusCode: 422,
          name: "validation_error",
          message: "Recipient address is not allowed.",
        });
      const id = randomUUID();
      messages.push({ id, ...body, to, createdAt: new Date().toISOString() });
      return json(200, { id });
    }
    if (url.pathname === "/__messages") {
      if (req.method === "DELETE") {
        messages.length = 0;
        return json(200, { ok: true });
      }
      const to = url.searchParams.get("to");
      return json(200, to ? messages.filter((m) => m.to.includes(to)) : messages);
    }
    json(404, { statusCode: 404, name: "not_found", message: "Not found" });
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve({ server, port: server.address().port, messages }),
    ),
  );
}
