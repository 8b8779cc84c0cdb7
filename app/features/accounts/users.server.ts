import { isUniqueViolation, prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { hashPassword } from "./auth.server";
import { defaultDisplayName } from "./user";
import { cleanDisplayName } from "./display-name";

/**
 * The one "address already has an account" refusal: an e-mail change shows it; a sign-up never
 * does, it answers as for any sign-up (docs/decisions/0025-accounts-and-tokens.md).
 */
export class EmailTaken extends DomainError {
  constructor(field?: string) {
    super("An account with this email already exists.", field);
  }
}

/**
 * Creates an account with a hashed password. Under-13 accounts keep the parent e-mail, unconfirmed.
 * The password is hashed before the address is looked up, so a taken address answers no faster
 * (docs/decisions/0025-accounts-and-tokens.md).
 */
export async function createAccount(input: {
  email: string;
  password: string;
  displayName?: string;
  dateOfBirth: Date;
  parentEmail?: string;
}) {
  const email = input.email.toLowerCase();
  const hash = await hashPassword(input.password);
  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw new EmailTaken();
  try {
    return await prisma.user.create({
      data: {
        email,
        displayName: cleanDisplayName(input.displayName ?? "").trim() || defaultDisplayName(),
        dateOfBirth: input.dateOfBirth,
        parentEmail: input.parentEmail ?? null,
        password: { create: { hash } },
      },
      select: { id: true, email: true },
    });
  } catch (error) {
    // Two sign-ups racing for one e-mail: the unique index decides.
    if (isUniqueViolation(error)) throw new EmailTaken();
    throw error;
  }
}
