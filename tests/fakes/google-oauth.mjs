// A local stand-in for Google's OAuth 2.0 endpoints, speaking the same protocol:
//   GET  /o/oauth2/v2/auth      account chooser (a plain form, works without JavaScript)
//   POST /o/oauth2/v2/approve   issues a one-time code and redirects to redirect_uri with state
//   POST /token                 exchanges the code (client credentials checked) for an access token
//   GET  /oauth2/v3/userinfo    returns the OpenID profile for a Bearer token
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";

export function startFakeGoogle({
  port = 0,
  clientId = "test-client",
  clientSecret = "test-secret",
} = {}) {
  const codes = new Map();
  const tokens = new Map();
  const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, "http://localhost");
    const body = await new Promise((resolve) => {
      let data = "";
      req.on("data", (c) => (data += c));
      req.on("end", () => resolve(new URLSearchParams(data)));
    });
    const json = (status, value) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(value));
    };

    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") {
      if (url.searchParams.get("client_id") !== clientId)
        return json(400, { error: "invalid_client" });
      const hidden = ["redirect_uri", "state"]
        .map(
          (k) =>
            `<input type="hidden" name="${k}" value="${escape(url.searchParams.get(k) ?? "")}">`,
        )
        .join("");
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end(`<!doctype html><title>Choose an account</title><h1>Sign in with Google (test)</h1>
<form method="post" action="/o/oauth2/v2/approve">${hidden}
<label>Email <input name="email" type="email"></label>
<label>Name <input name="name"></label>
<button type="submit">Continue</button></form>
<form method="post" action="/o/oauth2/v2/approve">${hidden}<input type="hidden" name="deny" value="1"><button type="submit">Cancel</button></form>`);
      return;
    }
    if (req.method === "POST" && url.pathname === "/o/oauth2/v2/approve") {
      const redirect = new URL(body.get("redirect_uri"));
      if (body.get("deny")) {
        redirect.searchParams.set("error", "access_denied");
      } else {
        const code = randomBytes(12).toString("hex");
        const email = body.get("email");
        codes.set(code, {
          sub: createHash("sha256").update(email).digest("hex").slice(0, 21),
          email,
          email_verified: true,
          name: body.get("name") || email.split("@")[0],
        });
        redirect.searchParams.set("code", code);
      }
      redirect.searchParams.set("state", body.get("state") ?? "");
      res.writeHead(302, { Location: redirect.toString() });
      res.end();
      return;
    }
    if (req.method === "POST" && url.pathname === "/token") {
      if (body.get("client_id") !== clientId || body.get("client_secret") !== clientSecret)
        return json(401, { error: "invalid_client" });
      const profile = codes.get(body.get("code"));
      if (!profile || body.get("grant_type") !== "authorization_code")
        return json(400, { error: "invalid_grant" });
      codes.delete(body.get("code"));
      const token = randomBytes(16).toString("hex");
      tokens.set(token, profile);
      return json(200, {
        access_token: token,
        token_type: "Bearer",
        expires_in: 3599,
        scope: "openid email profile",
      });
    }
    if (req.method === "GET" && url.pathname === "/oauth2/v3/userinfo") {
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      const profile = tokens.get(token);
      if (!profile) return json(401, { error: "invalid_token" });
      return json(200, { ...profile, given_name: profile.name, family_name: "", picture: "" });
    }
    json(404, { error: "not_found" });
  });

  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => resolve({ server, port: server.address().port }));
  });
}
