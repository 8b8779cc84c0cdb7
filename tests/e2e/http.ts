import { expect } from "@playwright/test";
import { DEMO_PASSWORD } from "./utils";

/** Raw HTTP for the hardening specs: exact bodies and headers, redirects not followed. */
export async function http(
  baseURL: string,
  path: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: BodyInit | null;
    cookie?: string;
    form?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { Origin: baseURL, ...opts.headers };
  if (opts.cookie) headers.Cookie = opts.cookie;
  let body = opts.body ?? null;
  if (opts.form) {
    body = new URLSearchParams(opts.form).toString();
    headers["Content-Type"] ??= "application/x-www-form-urlencoded";
  }
  const stream = body instanceof ReadableStream;
  const res = await fetch(new URL(path, baseURL), {
    method: opts.method ?? (body === null ? "GET" : "POST"),
    headers,
    body,
    redirect: "manual",
    ...(stream ? { duplex: "half" } : {}),
  } as RequestInit);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

export function sessionCookieFrom(headers: Headers) {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("en_session="));
}

/** Signs in over HTTP and returns the session cookie. */
export async function signInCookie(baseURL: string, email: string, password = DEMO_PASSWORD) {
  const res = await http(baseURL, "/login", { form: { intent: "signin", email, password } });
  expect(res.status, `sign in as ${email}: ${res.text.slice(0, 200)}`).toBe(302);
  const cookie = sessionCookieFrom(res.headers);
  expect(cookie).toBeTruthy();
  return cookie!;
}

/** A multipart body written byte for byte. */
export function multipart(
  fields: Record<string, string>,
  file?: { disposition: string | Buffer; bytes: Buffer | string; type?: string },
) {
  const boundary = "----inkwellE2eBoundary5fa1c";
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; `),
      Buffer.from(file.disposition),
      Buffer.from(`\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`),
      Buffer.from(file.bytes),
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
