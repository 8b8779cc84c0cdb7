/**
 * A visitor's unsent story, kept through the sign-in (docs/decisions/0026-entry-flow.md): a
 * visitor who presses Submit (or "Sign in first") before signing in would lose the story, so the
 * server keeps the typed title, text and code for 15 minutes in an `EntryDraft` row named by the
 * SHA-256 of a random token that only this browser holds, in a cookie that ends with the browser
 * session. A file is never kept (the writer attaches it again), nor any ticked box.
 *
 * On a shared computer the person who signs in next may not be the one who typed it
 * (docs/decisions/0042-a-childs-words-and-name.md): the signed-in form only asks "Is
 * this your story?" with its title, and puts the text in only after they answer that it is.
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
import { MAX_FILE_BYTES, MAX_TITLE_LENGTH } from "./entry-rules";

export const DRAFT_TTL_MS = 15 * 60 * 1000;
const MAX_STORY_CHARS = 1_000_000;

export type EntryDraftFields = {
  title: string;
  body: string;
  discountCode: string;
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
    // The eligibility boxes and "may be shown" are never kept: whoever sends the story ticks
    // them for themselves (ADR 0042).
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

/** What the signed-in form is told of a story left in this browser: its title only. */
export type DraftOffer = { title: string; hadFile: boolean; minutesAgo: number };

type DraftRow = {
  id: string;
  contestId: string;
  userId: string | null;
  createdAt: Date;
  expiresAt: Date;
  fields: string;
};

async function browserDraft(request: Request) {
  const token = await tokenOf(request);
  if (!token) return null;
  const row: DraftRow | null = await prisma.entryDraft.findUnique({ where: { id: hash(token) } });
  return { row };
}

/**
 * The signed-in form of `contestId`: a story this browser kept from before a sign-in is never put
 * into the form unasked (docs/decisions/0042-a-childs-words-and-name.md). It is only
 * offered, by its title, to whoever is signed in here and has not said it is not theirs; once
 * they said it is theirs (`answerVisitorDraft` "keep"), it is handed over here, once, and gone.
 * The eligibility boxes and "may be shown" are never kept, so never come back ticked.
 */
export async function visitorDraftFor(
  request: Request,
  userId: string,
  contestId: string,
  now = new Date(),
): Promise<{ offer: DraftOffer | null; draft: EntryDraftFields | null; setCookie: string | null }> {
  const none = { offer: null, draft: null, setCookie: null };
  const found = await browserDraft(request);
  if (!found) return none;
  const { row } = found;
  if (!row || row.expiresAt <= now) {
    if (row)
      await withBusyRetry(() => prisma.entryDraft.deleteMany({ where: { id: row.id } })).catch(
        () => undefined,
      );
    return { ...none, setCookie: await clearCookie() };
  }
  if (row.contestId !== contestId) return none;
  const stored = parseStored(row.fields);
  if (!stored) return none;
  if (row.userId === userId) {
    // Kept by this account just now: handed over once, then gone.
    const { count } = await withBusyRetry(() =>
      prisma.entryDraft.deleteMany({ where: { id: row.id, userId } }),
    );
    return {
      offer: null,
      draft: count === 1 ? stored.fields : null,
      setCookie: await clearCookie(),
    };
  }
  if (row.userId || stored.notMine.includes(userId)) return none;
  return {
    offer: {
      title: stored.fields.title.trim().slice(0, MAX_TITLE_LENGTH) || "(no title)",
      hadFile: stored.fields.hadFile,
      minutesAgo: Math.max(0, Math.floor((now.getTime() - row.createdAt.getTime()) / 60_000)),
    },
    draft: null,
    setCookie: null,
  };
}

/**
 * The signed-in person's answer to "Is this your story?": "keep" hands it to them (the next load
 * of the form fills itself from it); "not-mine" leaves it for its writer until it expires, and
 * this account is not asked again. Returns false when there was nothing to answer.
 */
export async function answerVisitorDraft(
  request: Request,
  userId: string,
  contestId: string,
  answer: "keep" | "not-mine",
  now = new Date(),
): Promise<boolean> {
  const found = await browserDraft(request);
  const row = found?.row;
  if (!row || row.contestId !== contestId || row.expiresAt <= now || row.userId) return false;
  if (answer === "keep") {
    const { count } = await withBusyRetry(() =>
      prisma.entryDraft.updateMany({
        where: { id: row.id, userId: null, expiresAt: { gt: now } },
        data: { userId },
      }),
    );
    return count === 1;
  }
  const stored = parseStored(row.fields);
  if (!stored) return false;
  if (!stored.notMine.includes(userId)) stored.notMine.push(userId);
  const { count } = await withBusyRetry(() =>
    prisma.entryDraft.updateMany({
      where: { id: row.id, userId: null, fields: row.fields },
      data: { fields: JSON.stringify({ ...stored.fields, notMine: stored.notMine }) },
    }),
  );
  return count === 1;
}

/**
 * Sign-out: a draft the signing-out account said was theirs and has not taken yet is deleted.
 * A story nobody has claimed stays for its writer (it is only ever offered by its title, ADR
 * 0042) until it expires.
 */
export async function dropVisitorDraft(userId: string | null): Promise<void> {
  if (!userId) return;
  // Sign-out never fails on it: the row expires anyway.
  await withBusyRetry(() => prisma.entryDraft.deleteMany({ where: { userId } })).catch((error) =>
    console.error("could not delete a kept draft at sign-out", error),
  );
}

/**
 * Drafts kept in the browser (with JavaScript) are dropped by the next page the browser shows
 * when this cookie names their contest ("*": all of them): set when an entry is received (the
 * writer may go on to a checkout elsewhere) and at sign-out (ADR 0031). Not HttpOnly: the page's
 * script reads it, then deletes it. It holds a contest's slug, nothing of the writer.
 */
export const DRAFT_DONE_COOKIE = "en_draft_done";

export function draftDoneCookie(slug: string | "*") {
  const secure = isProduction() && !env().INSECURE_COOKIES ? "; Secure" : "";
  return `${DRAFT_DONE_COOKIE}=${encodeURIComponent(slug)}; Path=/; Max-Age=600; SameSite=Lax${secure}`;
}

function parseStored(json: string): { fields: EntryDraftFields; notMine: string[] } | null {
  try {
    const v = JSON.parse(json) as Partial<EntryDraftFields> & { notMine?: unknown };
    return {
      fields: {
        title: typeof v.title === "string" ? v.title : "",
        body: typeof v.body === "string" ? v.body : "",
        discountCode: typeof v.discountCode === "string" ? v.discountCode : "",
        hadFile: v.hadFile === true,
      },
      notMine: Array.isArray(v.notMine)
        ? v.notMine.filter((c): c is string => typeof c === "string")
        : [],
    };
  } catch {
    return null;
  }
}
