import { consumePricePreview } from "~/features/accounts/rate-limit.server";
import { previewPrice } from "./discount-codes.server";
import { PREVIEW_MESSAGES, type PricePreview } from "./pricing";

/**
 * The entry form's price. A discount code is checked only for a signed-in writer, a limited
 * number of times a minute per writer and per address, so a visitor cannot guess codes
 * (docs/decisions/0025-accounts-and-tokens.md). The code is checked again on Submit.
 */
export async function priceFor(
  contest: { id: string; entryFeeCents: number },
  code: string | null,
  user: { id: string } | null,
  ip: string,
): Promise<PricePreview | null> {
  if (contest.entryFeeCents <= 0) return null;
  if (!code) return previewPrice(contest, null);
  if (!user) return { ok: false, message: PREVIEW_MESSAGES.signIn };
  const wait = await consumePricePreview(user.id, ip);
  if (wait > 0) return { ok: false, message: PREVIEW_MESSAGES.tooMany };
  return previewPrice(contest, code);
}
