#!/usr/bin/env node
// Makes an existing account an admin: the first admin of a new deployment, who signed up on the
// site like anyone else (docs/deployment.md). Either engine, as DATABASE_URL names it; it needs
// only the production packages, so it runs inside the image (`fly ssh console`).
//
//   node scripts/make-admin.mjs someone@example.org
//
// Plain JavaScript (it runs in the image), type-checked from its JSDoc.
// @ts-check
import { pathToFileURL } from "node:url";
import { sqlitePathFromUrl } from "./migrate.mjs";

/**
 * Grants the admin role to the account with this e-mail; resolves to what happened.
 * @param {string} url
 * @param {string} email
 * @returns {Promise<"granted" | "already" | "no-account">}
 */
export async function makeAdmin(url, email) {
  const address = email.trim().toLowerCase();
  if (url.startsWith("file:")) {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(sqlitePathFromUrl(url), { fileMustExist: true });
    try {
      db.pragma("busy_timeout = 5000");
      const user = /** @type {{ id: string } | undefined} */ (
        db.prepare(`SELECT id FROM "User" WHERE lower(email) = ?`).get(address)
      );
      if (!user) return "no-account";
      // The format Prisma's SQLite adapter writes (ISO 8601 with +00:00).
      const now = new Date().toISOString().replace("Z", "+00:00");
      const { changes } = db
        .prepare(
          `INSERT INTO "UserRole" ("userId", "role", "createdAt") VALUES (?, 'admin', ?) ON CONFLICT DO NOTHING`,
        )
        .run(user.id, now);
      return changes ? "granted" : "already";
    } finally {
      db.close();
    }
  }
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT id FROM "User" WHERE lower(email) = $1`, [address]);
    if (!rows.length) return "no-account";
    const { rowCount } = await client.query(
      `INSERT INTO "UserRole" ("userId", "role", "createdAt") VALUES ($1, 'admin', now()) ON CONFLICT DO NOTHING`,
      [rows[0].id],
    );
    return rowCount ? "granted" : "already";
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const email = process.argv[2];
  if (!email) {
    console.error("Usage: node scripts/make-admin.mjs <e-mail of an account that signed up>");
    process.exit(2);
  }
  const url = process.env.DATABASE_URL || "file:./data/inkwell.db";
  try {
    const outcome = await makeAdmin(url, email);
    if (outcome === "no-account") {
      console.error("No account has that e-mail address: sign up on the site first.");
      process.exit(1);
    }
    console.log(
      outcome === "granted"
        ? "That account is now an admin."
        : "That account was already an admin.",
    );
  } catch (error) {
    console.error(`Failed: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}
