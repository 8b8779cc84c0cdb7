/**
 * A visitor's unsent story, kept through the sign-in (docs/decisions/0026-entry-flow.md). Without
 * JavaScript nothing is kept in the browser, so a visitor who presses Submit before signing in
 * would lose the story: the server keeps the typed fields for 15 minutes in an `EntryDraft` row
 * named by the SHA-256 of a random token that only this browser holds, in a cookie that ends
 * with the browser session. A file is never kept (the writer attaches it again).
 *
 * On a shared computer (docs/decisions/0031-classrooms-and-shared-computers.md) the draft belongs
 * to the account that signs in from the sign-in page it led to (`claimVisitorDraft`, with that
 * contest's form as the way back); only that account's form of that contest fills itself from it
 * (then deletes it). Anyone else who signs in at that computer never sees it, and sign-out
 * deletes it.
 */
import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { prisma, withBusyRetry } from "~/utils/db.server";
import { env, isProduction } from "~/utils/env.server";
import { readForm } from "~/utils/form-body.server";
import { readMultipart } from "~/utils/multipart.server";
import { UPLOAD_BODY_LIMIT, mediaType } from "~/utils/request-body";
import { sessionSecrets } from "~/utils/secrets.server";
import { discardBody } from "./receive-entry.server";
import { CONFIRMATIONS, MAX_FILE_BYTES, MAX_TITLE_LENGTH } from "./entry-rules";

export const DRAFT_TTL_MS = 15 * 60 * 1000;
const MAX_STORY_CHARS = 1_000_000;

export type EntryDraftFields = {
  title: string;
  body: string;
  discountCode: string;
  showIfAwarded: boolean;
  confirmed: string[];
  /** A file was attached: it was not kept, so the writer is asked to attach it again. */
  hadFile: boolean;
};

let cookie: ReturnType<typeof createCookie> | undefined;
/** No Max-Age: the cookie ends when the browser closes; the row ends after 30 minutes anyway. */
function draftCookie() {
  cookie ??= createCookie("en_entry_draft", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction() && !env().INSECURE_COOKIES,
    secrets: sessionSecrets(),
  });
  return cookie;
}

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

async function tokenOf(request: Request): Promise<string | null> {
  const value: unknown = await draftCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

const clearCookie = () => draftCookie().serialize("", { maxAge: 0 });

/** The visitor's typed fields, read from the refused post (a file part is read and dropped). */
async function readTypedFields(request: Request) {
  let hadFile = false;
  const form =
    mediaType(request.headers.get("Content-Type")) === "multipart/form-data"
      ? await readMultipart(
          request,
          {
            fieldBytes: 2 * 1024 * 1024,
            fields: 20,
            files: 3,
            // A file is not kept (only the typed fields), but one of any allowed size is read past.
            fileBytes: MAX_FILE_BYTES + 1,
            totalBytes: UPLOAD_BODY_LIMIT,
          },
          async (part) => {
            if (part.filename) hadFile = true;
          },
        )
      : await readForm(request);
  const text = (name: string, max: number) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, max) : "";
  };
  const fields: EntryDraftFields = {
    title: text("title", MAX_TITLE_LENGTH * 2),
    body: text("body", MAX_STORY_CHARS),
    discountCode: text("discountCode", 40),
    showIfAwarded: form.get("showIfAwarded") === "on",
    confirmed: CONFIRMATIONS.map((c) => c.name).filter((name) => form.get(name) === "on"),
    hadFile,
  };
  return fields;
}

/**
 * Keeps what a visitor typed before being sent to sign in. Returns the Set-Cookie header naming
 * the draft, or null when there was nothing worth keeping (the body is then only discarded).
 */
export async function keepVisitorDraft(
  request: Request,
  contestId: string,
  now = new Date(),
): Promise<string | null> {
  let fields: EntryDraftFields;
  try {
    fields = await readTypedFields(request);
  } catch {
    await discardBody(request);
    return null;
  }
  if (!fields.title.trim() && !fields.body.trim()) return null;
  const previous = await tokenOf(request);
  const token = randomBytes(32).toString("base64url");
  try {
    await withBusyRetry(() =>
      prisma.$transaction([
        prisma.entryDraft.deleteMany({
          where: {
            OR: [{ expiresAt: { lte: now } }, ...(previous ? [{ id: hash(previous) }] : [])],
          },
        }),
        prisma.entryDraft.create({
          data: {
            id: hash(token),
            contestId,
            fields: JSON.stringify(fields),
            createdAt: now,
            expiresAt: new Date(now.getTime() + DRAFT_TTL_MS),
          },
        }),
      ]),
    );
  } catch (error) {
    // The visitor still goes on to sign in (with JavaScript the story is also kept locally).
    console.error("could not keep the visitor's draft", error);
    return null;
  }
  return draftCookie().serialize(token);
}

/**
 * At a sign-in: the draft this browser holds becomes `userId`'s when the sign-in leads back to
 * the form the draft was typed in (`back`, the sign-in's redirect). Any other sign-in leaves it
 * unclaimed, so nobody can take it back.
 */
export async function claimVisitorDraft(request: Request, userId: string, back: string) {
  const token = await tokenOf(request);
  if (!token) return;
  const row = await prisma.entryDraft.findUnique({
    where: { id: hash(token) },
    select: { id: true, userId: true, contestId: true },
  });
  if (!row || row.userId) return;
  const contest = await prisma.contest.findUnique({
    where: { id: row.contestId },
    select: { slug: true },
  });
  const path = new URL(back, "http://inkwell.invalid").pathname;
  if (!contest || path !== `/contests/${contest.slug}/enter`) return;
  await withBusyRetry(() =>
    prisma.entryDraft.updateMany({ where: { id: row.id, userId: null }, data: { userId } }),
  ).catch((error) => console.error("could not keep a visitor's draft for the sign-in", error));
}

/**
 * The draft this browser holds for `contestId`, taken once by the account that claimed it: the
 * row is deleted and the cookie cleared. A draft for another contest is left alone; an expired
 * one, or one claimed by nobody or by someone else, is never shown.
 */
export async function takeVisitorDraft(
  request: Request,
  userId: string,
  contestId: string,
  now = new Date(),
): Promise<{ draft: EntryDraftFields | null; setCookie: string | null }> {
  const token = await tokenOf(request);
  if (!token) return { draft: null, setCookie: null };
  const row = await prisma.entryDraft.findUnique({ where: { id: hash(token) } });
  if (row && row.contestId !== contestId && row.expiresAt > now)
    return { draft: null, setCookie: null };
  if (row && row.userId !== userId) {
    // Typed by someone else at this computer: never shown, and gone.
    await withBusyRetry(() => prisma.entryDraft.deleteMany({ where: { id: row.id } }));
    return { draft: null, setCookie: await clearCookie() };
  }
  const setCookie = await clearCookie();
  if (!row) return { draft: null, setCookie };
  const { count } = await withBusyRetry(() =>
    prisma.entryDraft.deleteMany({ where: { id: row.id } }),
  );
  if (count !== 1 || row.expiresAt <= now) return { draft: null, setCookie };
  return { draft: parseFields(row.fields), setCookie };
}

/**
 * Sign-out: the browser's draft, if any, and every draft claimed by the account signing out are
 * deleted; returns the header that clears the cookie.
 */
export async function dropVisitorDraft(
  request: Request,
  userId: string | null,
): Promise<string | null> {
  const token = await tokenOf(request);
  if (!token && !userId) return null;
  const mine = [...(token ? [{ id: hash(token) }] : []), ...(userId ? [{ userId }] : [])];
  // Sign-out never fails on it: the cookie is cleared whatever happens, the row expires anyway.
  await withBusyRetry(() => prisma.entryDraft.deleteMany({ where: { OR: mine } })).catch((error) =>
    console.error("could not delete a visitor's draft at sign-out", error),
  );
  return token ? clearCookie() : null;
}

/**
 * Drafts kept in the browser (with JavaScript) are dropped by the next page the browser shows
 * when this cookie names their contest ("*": all of them): set when an entry is received (the
 * writer may go on to a checkout elsewhere) and at sign-out (ADR 0031). Not HttpOnly: the page's
 * script reads it, then deletes it. It holds a contest's slug, nothing of the writer.
 */
export const DRAFT_DONE_COOKIE = "en_draft_done";

/**
 * At a sign-in that goes back to a contest's form (`back`): the cookie that lets that form take
 * the story this browser tab kept while signed out (JavaScript's copy of a visitor's draft). Any
 * other sign-in sets none, and the visitor's copy is then dropped (ADR 0031).
 */
export function draftClaimCookie(back: string) {
  const match = /^\/contests\/([^/?#]+)\/enter$/.exec(
    new URL(back, "http://inkwell.invalid").pathname,
  );
  if (!match) return null;
  const secure = isProduction() && !env().INSECURE_COOKIES ? "; Secure" : "";
  return `en_draft_claim=${match[1]}; Path=/; Max-Age=600; SameSite=Lax${secure}`;
}
export function draftDoneCookie(slug: string | "*") {
  const secure = isProduction() && !env().INSECURE_COOKIES ? "; Secure" : "";
  return `${DRAFT_DONE_COOKIE}=${encodeURIComponent(slug)}; Path=/; Max-Age=600; SameSite=Lax${secure}`;
}

function parseFields(json: string): EntryDraftFields | null {
  try {
    const v = JSON.parse(json) as Partial<EntryDraftFields>;
    return {
      title: typeof v.title === "string" ? v.title : "",
      body: typeof v.body === "string" ? v.body : "",
      discountCode: typeof v.discountCode === "string" ? v.discountCode : "",
      showIfAwarded: v.showIfAwarded === true,
      confirmed: Array.isArray(v.confirmed)
        ? v.confirmed.filter((c): c is string => typeof c === "string")
        : [],
      hadFile: v.hadFile === true,
    };
  } catch {
    return null;
  }
}
