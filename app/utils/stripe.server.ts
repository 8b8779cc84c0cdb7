/**
 * The Stripe client, built once from the environment (docs/decisions/0020-payments.md). Tests point
 * it at a local fake that speaks Stripe's HTTP API (STRIPE_API_BASE_URL).
 */
import Stripe from "stripe";
import { env } from "./env.server";

let client: Stripe | undefined;

export function stripe(): Stripe {
  if (client) return client;
  const { STRIPE_SECRET_KEY, STRIPE_API_BASE_URL } = env();
  if (!STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  const base = STRIPE_API_BASE_URL ? new URL(STRIPE_API_BASE_URL) : null;
  client = new Stripe(STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  return client;
}

/** Verifies a webhook's signature and parses its event; throws when the signature is bad. */
export function verifyStripeEvent(payload: string, signature: string) {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
  return stripe().webhooks.constructEvent(payload, signature, secret);
}
