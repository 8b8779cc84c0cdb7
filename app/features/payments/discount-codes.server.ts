/**
 * Discount codes (docs/decisions/0020-payments.md): admins make them; an entry holds one use from
 * the moment it is written until its payment is void (expired or withdrawn unpaid) or refunded.
 * The use is taken with one conditional UPDATE inside the entry's transaction, so the count never
 * passes the maximum however many entrants use the code at the same moment.
 */
import { prisma, type Prisma, isUniqueViolation } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { readPage } from "~/utils/paged-list.server";
import {
  codeRefusalMessage,
  normalizeCode,
  quote,
  type DiscountRule,
  type PricePreview,
  type Quote,
} from "./pricing";

type Tx = Prisma.TransactionClient;

export const DISCOUNT_CODES_PAGE_SIZE = 25;

/** A refused code, shown on the entry form's code field. */
export class CodeRefused extends DomainError {
  constructor(message: string) {
    super(message, "discountCode");
  }
}

const ruleSelect = {
  id: true,
  code: true,
  percentOff: true,
  amountOffCents: true,
  contestId: true,
  maxUses: true,
  usedCount: true,
  expiresAt: true,
  active: true,
} as const;

function findRule(db: Tx | typeof prisma, typed: string): Promise<DiscountRule | null> {
  return db.discountCode.findUnique({ where: { code: normalizeCode(typed) }, select: ruleSelect });
}

type PricedContest = { id: string; entryFeeCents: number };

/** The price with a code, for the form's preview (changes nothing). */
export async function previewPrice(
  contest: PricedContest,
  typed: string | null,
  now = new Date(),
): Promise<PricePreview> {
  const code = typed ? normalizeCode(typed) : "";
  const rule = code ? await findRule(prisma, code) : null;
  const q = quote(contest.entryFeeCents, contest.id, code || null, rule, now);
  if (!q.ok) return { ok: false, message: codeRefusalMessage(q.reason, contest.entryFeeCents) };
  const { feeCents, discountCents, amountCents } = q.quote;
  return { ok: true, feeCents, discountCents, amountCents, code: q.quote.code };
}

/**
 * Prices an entry inside its write transaction and takes the code's use. Throws CodeRefused (the
 * transaction then writes nothing).
 */
export async function takeCodeUse(
  tx: Tx,
  contest: PricedContest,
  typed: string | null,
  now: Date,
): Promise<Quote> {
  const code = typed ? normalizeCode(typed) : "";
  const rule = code ? await findRule(tx, code) : null;
  const q = quote(contest.entryFeeCents, contest.id, code || null, rule, now);
  if (!q.ok) throw new CodeRefused(codeRefusalMessage(q.reason, contest.entryFeeCents));
  if (q.quote.codeId) {
    // One conditional update: of two entries racing for the last use, one takes it.
    const { count: taken } = await tx.discountCode.updateMany({
      where: {
        id: q.quote.codeId,
        active: true,
        OR: [{ maxUses: null }, { usedCount: { lt: prisma.discountCode.fields.maxUses } }],
      },
      data: { usedCount: { increment: 1 } },
    });
    if (taken !== 1) throw new CodeRefused(codeRefusalMessage("exhausted", contest.entryFeeCents));
  }
  return q.quote;
}

/** Gives a use back (an unpaid entry expired or was withdrawn, or a payment was refunded). */
export async function giveCodeUseBack(tx: Tx, codeId: string | null) {
  if (!codeId) return;
  await tx.discountCode.updateMany({
    where: { id: codeId, usedCount: { gt: 0 } },
    data: { usedCount: { decrement: 1 } },
  });
}

export type NewDiscountCode = {
  code: string;
  kind: "percent" | "fixed";
  percentOff?: number;
  amountOffCents?: number;
  contestId?: string;
  maxUses?: number;
  expiresAt?: Date | null;
};

export async function createDiscountCode(input: NewDiscountCode) {
  const code = normalizeCode(input.code);
  if (input.contestId) {
    const contest = await prisma.contest.findUnique({
      where: { id: input.contestId },
      select: { id: true },
    });
    if (!contest) throw new DomainError("Choose a contest from the list.", "contestId");
  }
  try {
    return await prisma.discountCode.create({
      data: {
        code,
        percentOff: input.kind === "percent" ? (input.percentOff ?? null) : null,
        amountOffCents: input.kind === "fixed" ? (input.amountOffCents ?? null) : null,
        contestId: input.contestId ?? null,
        maxUses: input.maxUses ?? null,
        expiresAt: input.expiresAt ?? null,
      },
      select: { id: true, code: true },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError(`The code ${code} exists already.`, "code");
    throw error;
  }
}

export async function setDiscountCodeActive(id: string, active: boolean) {
  const { count } = await prisma.discountCode.updateMany({ where: { id }, data: { active } });
  if (count !== 1) throw new DomainError("Discount code not found.");
}

/** The admin list, newest first, with uses so far and fees collected with each code. */
export async function listDiscountCodes(page: number) {
  const { rows, ...paging } = await readPage(
    page,
    DISCOUNT_CODES_PAGE_SIZE,
    (window) =>
      prisma.discountCode.findMany({
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...window,
        select: {
          ...ruleSelect,
          createdAt: true,
          contest: { select: { title: true } },
        },
      }),
    () => prisma.discountCode.count(),
  );
  return { codes: rows, ...paging };
}

export function getDiscountCode(id: string) {
  return prisma.discountCode.findUnique({ where: { id }, select: { id: true, code: true } });
}

export const USES_CSV_COLUMNS = [
  "Code",
  "Submission ID",
  "Title",
  "Contest",
  "Entrant email",
  "Fee (USD)",
  "Discount (USD)",
  "Paid (USD)",
  "Payment status",
  "Used at (UTC)",
] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Every entry that used the code, oldest first, in batches (the uses CSV). */
export async function* discountCodeUseRows(codeId: string, batch = 500) {
  let cursor: string | undefined;
  for (;;) {
    const rows = await prisma.payment.findMany({
      where: { discountCodeId: codeId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: batch,
      ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
      select: {
        id: true,
        submissionId: true,
        feeCents: true,
        discountCents: true,
        amountCents: true,
        status: true,
        createdAt: true,
        discountCode: { select: { code: true } },
        submission: {
          select: {
            title: true,
            contest: { select: { title: true } },
            entrant: { select: { email: true } },
          },
        },
      },
    });
    for (const r of rows) {
      yield [
        r.discountCode?.code ?? "",
        r.submissionId,
        r.submission.title,
        r.submission.contest.title,
        r.submission.entrant.email,
        dollars(r.feeCents),
        dollars(r.discountCents),
        r.status === "paid" || r.status === "refunded" ? dollars(r.amountCents) : "0.00",
        r.status,
        r.createdAt.toISOString(),
      ];
    }
    if (rows.length < batch) return;
    cursor = rows[rows.length - 1].id;
  }
}
