import type http from "node:http";
export type FakeSession = {
  id: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  customer_email: string | null;
  /** One line per line_items entry of the create call. */
  line_items: {
    amount_total: number;
    quantity: number;
    description: string;
    /** The line's product description (a code's discount), or null. */
    product_description: string | null;
  }[];
};
export type FakeEvent = { id: string; type: string; data: { object: unknown } };
export function startFakeStripe(opts?: {
  port?: number;
  apiKey?: string;
  webhookSecret?: string;
  webhookUrl?: string | null;
}): Promise<{
  server: http.Server;
  port: number;
  baseUrl: string;
  sessions: Map<string, FakeSession>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  calls: { method: string; path: string; body: string }[];
  pay(id: string): FakeSession | null;
  event(type: string, object: unknown): FakeEvent;
  signedWebhook(event: FakeEvent, secret?: string): { payload: string; header: string };
  sendWebhook(event: FakeEvent): Promise<number | null>;
  failNext(n?: number): void;
  setWebhookUrl(url: string | null): void;
}>;
