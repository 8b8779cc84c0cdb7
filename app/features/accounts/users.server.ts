import { prisma, isUniqueViolation } from "~/utils/db.server";
import { hashPassword } from "./auth.server";
import { defaultDisplayName } from "./user";

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists. Try signing in instead.");
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
  if (existing) throw new EmailTakenError();
  try {
    return await prisma.user.create({
      data: {
        email,
        displayName: input.displayName?.trim() || defaultDisplayName(),
        dateOfBirth: input.dateOfBirth,
        parentEmail: input.parentEmail ?? null,
        password: { create: { hash } },
      },
      select: { id: true, email: true },
    });
  } catch (error) {
    // Two sign-ups racing for one e-mail: the unique index decides.
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}
