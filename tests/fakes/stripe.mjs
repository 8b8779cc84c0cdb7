// A local stand-in for the parts of Stripe's HTTP API the site uses, so the real SDK can be
// pointed at it (docs/decisions/0020-payments.md). Form-encoded requests, JSON answers, Stripe's
// error shape, and Idempotency-Key replay (same key, same answer) as Stripe documents them.
//   POST /v1/checkout/sessions              create (line_items[i][price_data][unit_amount] and
//                                           [quantity], one or many lines; metadata, urls)
//   GET  /v1/checkout/sessions/:id          retrieve
//   POST /v1/checkout/sessions/:id/expire   expire an open session (400 otherwise)
//   POST /v1/refunds                        refund a payment_intent, all of it or `amount` of it
//                                           (400 if unknown, or more than is left to refund)
// The hosted page a customer would see:
//   GET  /pay/:id                           a page with Pay and Cancel
//   POST /pay/:id                           pays: the session completes, the signed
//                                           checkout.session.completed webhook is sent to
//                                           webhookUrl (if set), then 303 to success_url
// Helpers for tests (not Stripe's): pay(id), event(type, object), signedWebhook(event),
// failNext(n) (the next n API calls answer 500), calls (every API call), refunds.
import { randomBytes } from "node:crypto";
import http from "node:http";
import Stripe from "stripe";

const rid = (prefix) => `${prefix}_${randomBytes(12).toString("hex")}`;

export function startFakeStripe({
  port = 0,
  apiKey = "sk_test_fake",
  webhookSecret = "whsec_fake",
  webhookUrl = null,
} = {}) {
  const sessions = new Map();
  const refunds = [];
  const idempotent = new Map();
  const calls = [];
  let failures = 0;
  const stripe = new Stripe(apiKey);
  const state = { webhookUrl };

  const event = (type, object) => ({
    id: rid("evt"),
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });

  const signedWebhook = (evt, secret = webhookSecret) => {
    const payload = JSON.stringify(evt);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return { payload, header };
  };

  const sendWebhook = async (evt) => {
    if (!state.webhookUrl) return null;
    const { payload, header } = signedWebhook(evt);
    const res = await fetch(state.webhookUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
      body: payload,
    });
    return res.status;
  };

  const pay = (id) => {
    const s = sessions.get(id);
    if (!s || s.status !== "open") return null;
    s.status = "complete";
    s.payment_status = "paid";
    s.payment_intent = rid("pi");
    return s;
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, "http://localhost");
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const json = (status, value) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": rid("req") });
      res.end(JSON.stringify(value));
    };
    const error = (status, message, type = "invalid_request_error") =>
      json(status, { error: { type, message } });

    // The hosted checkout page.
    const page = url.pathname.match(/^\/pay\/([\w]+)$/);
    if (page) {
      const s = sessions.get(page[1]);
      if (!s) {
        res.writeHead(404, { "Content-Type": "text/plain" });
        return res.end("No such checkout");
      }
      if (req.method === "POST") {
        const paid = pay(s.id);
        if (paid) await sendWebhook(event("checkout.session.completed", paid));
        res.writeHead(303, { Location: s.success_url });
        return res.end();
      }
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(`<!doctype html><html lang="en"><title>Fake Stripe Checkout</title>
<h1>Fake Stripe Checkout</h1><p>Amount: ${(s.amount_total / 100).toFixed(2)} ${s.currency}</p>
<form method="post"><button type="submit">Pay</button></form>
<p><a href="${s.cancel_url}">Cancel</a></p></html>`);
    }

    if (!url.pathname.startsWith("/v1/")) return error(404, "Unrecognized request URL");
    calls.push({ method: req.method, path: url.pathname, body: raw });
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return error(401, "Invalid API Key provided", "authentication_error");
    if (failures > 0) {
      failures--;
      return error(500, "Something went wrong on Stripe's end.", "api_error");
    }
    const key = req.method === "POST" ? req.headers["idempotency-key"] : undefined;
    const replayKey = key ? `${url.pathname}:${key}` : null;
    if (replayKey && idempotent.has(replayKey)) {
      const prior = idempotent.get(replayKey);
      return json(prior.status, prior.body);
    }
    const answer = (status, body) => {
      if (replayKey) idempotent.set(replayKey, { status, body });
      return json(status, body);
    };
    const form = new URLSearchParams(raw);

    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const lineItems = [];
      for (let i = 0; form.has(`line_items[${i}][price_data][unit_amount]`); i++) {
        const unit = Number(form.get(`line_items[${i}][price_data][unit_amount]`));
        const quantity = Number(form.get(`line_items[${i}][quantity]`) ?? 1);
        if (!Number.isInteger(unit) || unit < 0 || !Number.isInteger(quantity) || quantity < 1)
          return answer(400, {
            error: { type: "invalid_request_error", message: `Invalid line_items[${i}]` },
          });
        lineItems.push({
          amount_total: unit * quantity,
          quantity,
          description: form.get(`line_items[${i}][price_data][product_data][name]`),
          // The line's own words under its name (a code's discount, ADR 0031).
          product_description: form.get(`line_items[${i}][price_data][product_data][description]`),
        });
      }
      const amount = lineItems.reduce((sum, l) => sum + l.amount_total, 0);
      if (lineItems.length === 0 || amount < 50)
        return answer(400, {
          error: { type: "invalid_request_error", message: "Amount must be at least 50 cents" },
        });
      const id = rid("cs_test");
      const metadata = {};
      for (const [k, v] of form) {
        const m = k.match(/^metadata\[(.+)\]$/);
        if (m) metadata[m[1]] = v;
      }
      const host = req.headers.host;
      const session = {
        id,
        object: "checkout.session",
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        amount_total: amount,
        currency: form.get("line_items[0][price_data][currency]") ?? "usd",
        customer_email: form.get("customer_email"),
        client_reference_id: form.get("client_reference_id"),
        metadata,
        payment_intent: null,
        success_url: form.get("success_url"),
        cancel_url: form.get("cancel_url"),
        description: form.get("line_items[0][price_data][product_data][name]"),
        line_items: lineItems,
        url: `http://${host}/pay/${id}`,
      };
      sessions.set(id, session);
      return answer(200, session);
    }
    const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w]+)\/expire$/);
    if (req.method === "POST" && expire) {
      const s = sessions.get(expire[1]);
      if (!s)
        return answer(404, {
          error: { type: "invalid_request_error", message: "No such checkout.session" },
        });
      if (s.status !== "open")
        return answer(400, {
          error: { type: "invalid_request_error", message: "Only open sessions can be expired." },
        });
      s.status = "expired";
      return answer(200, s);
    }
    const one = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w]+)$/);
    if (req.method === "GET" && one) {
      const s = sessions.get(one[1]);
      return s ? json(200, s) : error(404, `No such checkout.session: '${one[1]}'`);
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const pi = form.get("payment_intent");
      const paid = [...sessions.values()].find((s) => s.payment_intent === pi);
      if (!paid)
        return answer(400, {
          error: { type: "invalid_request_error", message: `No such payment_intent: '${pi}'` },
        });
      const refunded = refunds
        .filter((r) => r.payment_intent === pi)
        .reduce((sum, r) => sum + r.amount, 0);
      const left = paid.amount_total - refunded;
      const asked = form.has("amount") ? Number(form.get("amount")) : left;
      if (form.has("amount") && (!Number.isInteger(asked) || asked < 1 || asked > left))
        return answer(400, {
          error: {
            type: "invalid_request_error",
            message: `Refund amount (${asked}) is greater than unrefunded amount on charge (${left})`,
          },
        });
      if (left <= 0)
        return answer(400, {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: "Charge has already been refunded.",
          },
        });
      const refund = {
        id: rid("re"),
        object: "refund",
        payment_intent: pi,
        amount: asked,
        status: "succeeded",
      };
      refunds.push(refund);
      return answer(200, refund);
    }
    return error(404, "Unrecognized request URL");
  });

  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      resolve({
        server,
        port: address.port,
        baseUrl: `http://127.0.0.1:${address.port}`,
        sessions,
        refunds,
        calls,
        pay,
        event,
        signedWebhook,
        sendWebhook,
        failNext(n = 1) {
          failures = n;
        },
        setWebhookUrl(u) {
          state.webhookUrl = u;
        },
      });
    });
  });
}
