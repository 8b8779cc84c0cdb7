import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import path from "node:path";
import { greetingName } from "~/features/accounts/user";

export const DEMO_PASSWORD = "inkwell-demo";
export const ADMIN = "admin@inkwell.test";
export const JUDGE = "judge@inkwell.test";
export const ENTRANT = "entrant@inkwell.test";
export const EDUCATOR = "educator@inkwell.test";
export const PUPIL = "pupil@inkwell.test";

let counter = 0;
/** A fresh e-mail per call, unique across workers and projects. */
export function uniqueEmail(prefix = "writer") {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter++}@example.test`;
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3200);

/** Read-only handle on the e2e server's database, for looking up ids and checking outcomes. */
export function e2eDb() {
  return new Database(path.resolve(`tests/.data/e2e-${E2E_PORT}/e2e.db`), {
    readonly: true,
    fileMustExist: true,
  });
}

type CapturedEmail = {
  id: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  createdAt: string;
};

/** Messages the site sent through the fake Resend server, for one recipient, oldest first. */
export async function emailsTo(to: string): Promise<CapturedEmail[]> {
  const res = await fetch(
    `http://localhost:${E2E_PORT + 2}/__messages?to=${encodeURIComponent(to)}`,
  );
  return (await res.json()) as CapturedEmail[];
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

export async function signUp(
  page: Page,
  email: string,
  password = "secret-pass",
  dateOfBirth = "2005-06-15",
  extra?: { parentEmail?: string; displayName?: string },
) {
  await page.goto("/login?tab=signup");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill(password);
  if (extra?.displayName) await page.getByLabel("Display Name (optional)").fill(extra.displayName);
  await page.getByLabel("Date of birth").fill(dateOfBirth);
  if (extra?.parentEmail) await page.getByLabel("Parent or guardian email").fill(extra.parentEmail);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
}

/** On the dashboard as this account: greeted by its display name, as the page does (ADR 0041). */
export async function expectSignedInAs(page: Page, email: string) {
  await expect(page).toHaveURL(/\/dashboard$/);
  const { e2ePrisma } = await import("./db");
  const user = await e2ePrisma().user.findUnique({
    where: { email },
    select: { displayName: true },
  });
  const name = greetingName({ displayName: user?.displayName ?? null, email });
  await expect(page.getByText(`Welcome, ${name}`)).toBeVisible();
}
